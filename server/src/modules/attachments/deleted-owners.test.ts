import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, loginAs, useTestApp } from '../../../test/app.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { PNG } from '../../../test/files.ts';
import { startChat, uploadFile } from '../../../test/portal.ts';
import { platformAdmin } from '../../../test/tenants.ts';
import { attachments } from '../../db/schema/index.ts';

/** Deleting an app or a company deletes its files too; nobody else's. */
const t = useTestApp();

/** A customer's upload to a new chat of the tenant's app: the path of the stored file. */
async function uploadedFile(tenant: Awaited<ReturnType<typeof createTenant>>) {
  const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
  const res = await uploadFile(t.app, chat.token, 'photo.png', PNG, 'image/png');
  expect(res.status).toBe(201);
  const [row] = await t.db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.id, res.body.data.attachment_id));
  const file = path.join(t.config.dataDir, 'attachments', row!.key);
  expect(fs.existsSync(file)).toBe(true);
  return file;
}

describe('files of deleted records', () => {
  it('go with their app, and another company’s stay', async () => {
    const a = await createTenant(t.db);
    const b = await createTenant(t.db);
    const [fileA, fileB] = [await uploadedFile(a), await uploadedFile(b)];
    const admin = await loginAs(t.app, a.admin.email, PASSWORD, a.company.id);
    const res = await call(t.app, 'DELETE', '/apps', { as: admin, query: { id: a.app.id } });
    expect(res.status).toBe(200);
    expect(fs.existsSync(fileA)).toBe(false);
    expect(fs.existsSync(fileB)).toBe(true);
  });

  it('go with their company when a platform admin deletes it', async () => {
    const a = await createTenant(t.db);
    const b = await createTenant(t.db);
    const [fileA, fileB] = [await uploadedFile(a), await uploadedFile(b)];
    const { session } = await platformAdmin(t);
    const res = await call(t.app, 'DELETE', '/admin/companies', { as: session, query: { id: a.company.id } });
    expect(res.status).toBe(200);
    expect(fs.existsSync(fileA)).toBe(false);
    expect(fs.existsSync(fileB)).toBe(true);
  });

  it('stay when the delete is refused', async () => {
    const a = await createTenant(t.db);
    const file = await uploadedFile(a);
    const agent = await loginAs(t.app, a.agent.email, PASSWORD, a.company.id);
    const res = await call(t.app, 'DELETE', '/apps', { as: agent, query: { id: a.app.id } });
    expect(res.status).toBe(403);
    expect(fs.existsSync(file)).toBe(true);
  });
});
