import fs from 'node:fs';
import path from 'node:path';

/**
 * Replaces the section between its `start` and `end` markers in a results file (appending it when absent)
 * and keeps the hand-written notes between `<!-- notes -->` and `<!-- /notes -->` inside it. The section
 * must hold an empty notes block to be filled.
 */
export function writeSection(
  file: string,
  markers: { start: string; end: string; notes: string },
  section: string,
) {
  const { start, end, notes } = markers;
  const open = `<!-- ${notes} -->`;
  const close = `<!-- /${notes} -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  const kept = a >= 0 && b > a ? text.slice(a, b).split(open)[1]?.split(close)[0] : '';
  const filled = section.replace(`${open}\n${close}`, `${open}${kept || '\n'}${close}`);
  fs.writeFileSync(
    file,
    a >= 0 && b > a
      ? `${text.slice(0, a)}${filled}${text.slice(b + end.length)}`
      : `${text.replace(/\s*$/, '')}\n\n${filled}\n`,
  );
}

/** Runs one statement as the PostgreSQL server's admin (database creation and the like). */
export async function adminQuery(adminUrl: string, text: string) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/**
 * A bench's own section of RESULTS.md between `<!-- {marker}: written by bench/{script} -->` and
 * `<!-- /{marker} -->`: its heading, when and how it was measured and where the raw numbers are, then `body`,
 * then its notes block, whose text is kept from the section it replaces.
 */
export function writeBenchSection(opts: {
  benchDir: string;
  marker: string;
  script: string;
  heading: string;
  jsonPath: string;
  body: string[];
}) {
  const start = `<!-- ${opts.marker}: written by bench/${opts.script} -->`;
  const end = `<!-- /${opts.marker} -->`;
  const notes = `${opts.marker.split('-')[0]}-notes`;
  const section = [
    start,
    `## ${opts.heading}`,
    '',
    `Measured ${new Date().toISOString()} with \`cd server && npx tsx ../bench/${opts.script}\`; raw numbers in \`bench/results/${path.basename(opts.jsonPath)}\`.`,
    ...opts.body,
    '',
    `<!-- ${notes} -->`,
    `<!-- /${notes} -->`,
    end,
  ].join('\n');
  writeSection(path.join(opts.benchDir, 'RESULTS.md'), { start, end, notes }, section);
}

/**
 * The PostgreSQL backends of database `db` plus the shared writers (WAL writer, checkpointer, background
 * writer): whose CPU a bench counts as the database's work. Other databases' backends are other work.
 */
export const postgresPidsOf = (adminUrl: string, db: string) => async () =>
  (
    await adminQuery(
      adminUrl,
      `select pid from pg_stat_activity where pid <> pg_backend_pid() and (datname = '${db}'
         or backend_type in ('walwriter', 'checkpointer', 'background writer'))`,
    )
  ).map((r) => Number(r.pid));

/** The URL of database `dbName` on the server that `adminUrl` reaches. */
export function databaseUrl(adminUrl: string, dbName: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}
