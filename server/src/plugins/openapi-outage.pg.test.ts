import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createTenant, PASSWORD } from '../../test/factories.ts';
import { expectDeclared, startValidatingProxy } from '../../test/prism.ts';
import { startThrowawayCluster } from '../../test/throwaway-cluster.ts';
import { openPostgres } from '../db/client.ts';

/**
 * The 503 of a database outage, through the validating proxy (openapi-proxy.test.ts has the other statuses):
 * the document declares it with the error envelope and `Retry-After`. Against a PostgreSQL this test owns
 * and stops (never the machine's shared one).
 */
let cluster: Awaited<ReturnType<typeof startThrowawayCluster>> | undefined;
let t: TestContext | undefined;
let proxy: Awaited<ReturnType<typeof startValidatingProxy>> | undefined;
afterAll(async () => {
  proxy?.close();
  await t?.close().catch(() => undefined);
  cluster?.destroy();
});

describe('a database outage through a validating proxy', () => {
  it('answers 503 as the document declares it', async () => {
    cluster = await startThrowawayCluster();
    const database = openPostgres(cluster.url, 5);
    await database.migrate();
    t = await createTestApp({}, database);
    const tenant = await createTenant(t.db);
    proxy = await startValidatingProxy(t.app);
    const login = await proxy.through('POST', '/auth/login', {
      body: { email: tenant.admin.email, password: PASSWORD },
    });
    const as = { token: login.body.data.access_token as string, company: tenant.company.id };
    expectDeclared(await proxy.through('GET', '/customers', as), 200);

    cluster.stop();
    const refused = await proxy.through('GET', '/customers', as);
    expectDeclared(refused, 503);
    expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(refused.headers.get('retry-after')).toBe('5');
  }, 60_000);
});
