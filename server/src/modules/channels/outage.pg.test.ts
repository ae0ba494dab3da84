import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { addMetaIntegration, fromMeta, waText } from '../../../test/meta.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { startThrowawayCluster } from '../../../test/throwaway-cluster.ts';
import { openPostgres } from '../../db/client.ts';

/**
 * Contract section 10: a provider's webhook that arrives while the database is away answers 503, so the
 * provider delivers it again later; the later delivery is stored, once, and a third changes nothing. Against
 * a PostgreSQL this test owns and stops (never the machine's shared one).
 */
let cluster: Awaited<ReturnType<typeof startThrowawayCluster>> | undefined;
let t: TestContext | undefined;
afterAll(async () => {
  await t?.close().catch(() => undefined);
  cluster?.destroy();
});

describe('a provider webhook during a database outage', () => {
  it('answers 503 so the provider retries, then stores the retried message once', async () => {
    cluster = await startThrowawayCluster();
    const database = openPostgres(cluster.url, 5);
    await database.migrate();
    const ctx = await createTestApp({}, database);
    t = ctx;
    const a = await tenantWithSessions(ctx);
    const wa = await addMetaIntegration(ctx, a.as.admin, a.app.id, 'whatsapp');
    const message = waText('wamid.outage1', 'Is anyone there?');

    cluster.stop();
    const refused = await fromMeta(ctx, 'whatsapp', wa, message);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');

    cluster.start();
    await expect
      .poll(async () => (await fromMeta(ctx, 'whatsapp', wa, message)).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
    expect((await fromMeta(ctx, 'whatsapp', wa, message)).statusCode).toBe(200);
    const stored = await ctx.db.execute<{ content: string }>(sql`
      select m.content from channel_messages cm join messages m on m.id = cm.message_id
      where cm.external_id = 'wamid.outage1'`);
    expect(stored.rows).toEqual([{ content: 'Is anyone there?' }]);
  }, 60_000);
});
