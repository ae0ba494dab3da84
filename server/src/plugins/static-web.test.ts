import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEY } from '../../test/app.ts';
import { openTestDatabase, TEST_DATA_DIR } from '../../test/db.ts';
import { createApp, createTenant } from '../../test/factories.ts';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { integrations } from '../db/schema/index.ts';
import { secretsBox } from '../lib/secrets-box.ts';

let app: App;
let database: Database;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<title>console</title>');
  fs.writeFileSync(path.join(dist, 'portal.html'), '<title>portal</title>');
  database = await openTestDatabase();
  const config = {
    ...loadConfig({ DATA_DIR: TEST_DATA_DIR } as NodeJS.ProcessEnv),
    jwtSecret: 'x'.repeat(32),
    secrets: secretsBox(TEST_SECRETS_KEY),
  };
  app = await buildApp({ config, db: database, webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web pages', () => {
  it('lets any site frame the portal, which companies embed in their own pages', async () => {
    for (const url of ['/portal?app_id=1', '/portal/chat?token=x']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('portal');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    }
  });

  it('lets only the sites an app’s web integration names frame its portal, once it names any', async () => {
    const tenant = await createTenant(database.db);
    const other = await createApp(database.db, tenant.company.id);
    await database.db.insert(integrations).values([
      {
        companyId: tenant.company.id,
        appId: tenant.app.id,
        type: 'web',
        name: 'Shop',
        settings: { allowed_origins: ['https://shop.example.com', 'https://www.shop.example.com:8443'] },
      },
      // Switched off: its sites no longer count.
      {
        companyId: tenant.company.id,
        appId: tenant.app.id,
        type: 'web',
        name: 'Old shop',
        isActive: false,
        settings: { allowed_origins: ['https://old.example.com'] },
      },
      { companyId: tenant.company.id, appId: other.id, type: 'web', name: 'None yet', settings: {} },
    ]);
    const framing = async (url: string) =>
      /frame-ancestors ([^;]*)/.exec(
        (await app.inject({ url })).headers['content-security-policy'] as string,
      )?.[1];
    expect(await framing(`/portal?app_id=${tenant.app.id}&embed=1`)).toBe(
      "'self' https://shop.example.com https://www.shop.example.com:8443",
    );
    expect(await framing(`/portal?app_id=${other.id}`)).toBe('*');
    expect(await framing('/portal?app_id=99999999999')).toBe('*');
  });

  it('keeps the console unframeable by other sites', async () => {
    const res = await app.inject({ url: '/dashboard' });
    expect(res.body).toContain('console');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});
