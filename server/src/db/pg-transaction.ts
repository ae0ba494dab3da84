import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * Drizzle's pooled transaction (drizzle-orm 0.45) sends `begin` before its `try`: when the connection is
 * dead at that moment (the database restarting), the error skips the `finally` that releases it, and the
 * pool loses that connection for good. Enough of them and every request waits for a connection that never
 * comes; `pool.end()` waits forever. The same when `rollback` fails on a dead connection: the connection went
 * back to the pool, broken. This version releases on every path, and destroys a connection that failed its
 * own `begin` or `rollback` instead of reusing it. Installed once, by `db/client.ts`. A transaction given
 * options (isolation level, read only) still takes Drizzle's own path; the product passes none.
 */
type Internals = { client: unknown; dialect: never; schema: never; options: never };

export function installSafePoolTransactions() {
  const proto = NodePgSession.prototype as unknown as Record<string, unknown>;
  if (proto.__safeTransactions) return;
  const original = NodePgSession.prototype.transaction;
  proto.__safeTransactions = true;
  NodePgSession.prototype.transaction = async function transaction<T>(
    this: NodePgSession<never, never>,
    work: (tx: NodePgTransaction<never, never>) => Promise<T>,
    config?: Parameters<typeof original>[1],
  ): Promise<T> {
    const self = this as unknown as Internals;
    if (!(self.client instanceof pg.Pool) || config)
      return original.call(this, work as never, config) as Promise<T>;
    const client = await self.client.connect();
    const session = new NodePgSession(client, self.dialect, self.schema, self.options);
    const tx = new NodePgTransaction(self.dialect, session, self.schema);
    let broken: Error | undefined;
    try {
      try {
        await tx.execute(sql`begin`);
      } catch (err) {
        broken = err as Error;
        throw err;
      }
      try {
        const result = await work(tx as never);
        await tx.execute(sql`commit`);
        return result;
      } catch (err) {
        await tx.execute(sql`rollback`).catch((rollbackErr: Error) => {
          broken = rollbackErr;
        });
        throw err;
      }
    } finally {
      client.release(broken);
    }
  } as typeof original;
}
