import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How long the database may take to answer `select 1` before the process calls itself degraded. */
const PROBE_MS = 2000;

/** Whether the database answers a trivial query within 2 s. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), PROBE_MS);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), late]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
