import fs from 'node:fs';

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

/** The URL of database `dbName` on the server that `adminUrl` reaches. */
export function databaseUrl(adminUrl: string, dbName: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}
