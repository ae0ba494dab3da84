import pg from 'pg';
import { type Db, openPostgres } from '../../server/src/db/client.ts';
import { seededRandom } from './random.ts';
import { adminQuery, databaseUrl } from './sections.ts';
import { createTenants, type Tenant, type TenantOptions } from './tenants.ts';

export type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * A bench's own database, made again from nothing: dropped, created, migrated, with one generated company;
 * `fill` writes the rest (through Drizzle or plain SQL) and answers the dataset's description.
 */
export async function freshTenantDatabase<T>(
  opts: { adminUrl: string; dbName: string; seed: number; tenant: Omit<TenantOptions, 'seed' | 'companies'> },
  fill: (ctx: { db: Db; tenant: Tenant; q: Query }) => Promise<T>,
): Promise<T> {
  await adminQuery(opts.adminUrl, `drop database if exists ${opts.dbName} with (force)`);
  await adminQuery(opts.adminUrl, `create database ${opts.dbName}`);
  const url = databaseUrl(opts.adminUrl, opts.dbName);
  const database = openPostgres(url, 2);
  const client = new pg.Client({ connectionString: url });
  try {
    await database.migrate();
    const [tenant] = await createTenants(
      database.db,
      { ...opts.tenant, seed: opts.seed, companies: 1 },
      seededRandom(opts.seed),
    );
    await client.connect();
    return await fill({
      db: database.db,
      tenant: tenant!,
      q: (text, values = []) => client.query(text, values),
    });
  } finally {
    await client.end().catch(() => {});
    await database.close();
  }
}

/** Generated users by id, as a bench's dataset names them (id, name, email). */
export async function peopleOf(q: Query, ids: number[]) {
  const rows = (await q('select id, name, email from users where id = any($1::int[])', [ids])).rows as {
    id: number;
    name: string;
    email: string;
  }[];
  return (id: number) => {
    const p = rows.find((x) => x.id === id)!;
    return { userId: id, name: p.name, email: p.email };
  };
}
