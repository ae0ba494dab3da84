import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createTenant } from '../../../test/factories.ts';
import { PNG } from '../../../test/files.ts';
import { startChat } from '../../../test/portal.ts';
import { attachments, conversations } from '../../db/schema/index.ts';
import { deleteOrphanUploads } from '../attachments/orphans.ts';
import { storeAttachment } from '../attachments/service.ts';

const t = useTestApp();

describe('the portal sweep', () => {
  it('is scheduled every minute as a durable job', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: 'portal-sweep', cron: '* * * * *' }));
  });

  it('closes conversations of expired sessions when its job runs, without any reader', async () => {
    const tenant = await createTenant(t.db);
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    await t.db.execute(
      sql`update portal_sessions set expires_at = now() - interval '1 second' where conversation_id = ${chat.conversationId}`,
    );
    await t.app.jobs.send('portal-sweep');
    await expect
      .poll(
        async () =>
          (await t.db.select().from(conversations).where(eq(conversations.id, chat.conversationId)))[0]!
            .status,
        { timeout: 8000 },
      )
      .toBe('closed');
  });

  it('removes uploads never sent after a day, rows and files', async () => {
    const tenant = await createTenant(t.db);
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const storage = t.app.deps.storage;
    const where = { companyId: tenant.company.id, conversationId: chat.conversationId };
    const old = await storeAttachment({ db: t.db, storage, ...where, filename: 'old.png', data: PNG });
    const fresh = await storeAttachment({ db: t.db, storage, ...where, filename: 'new.png', data: PNG });
    await t.db.execute(
      sql`update attachments set created_at = now() - interval '2 days' where id = ${old.id}`,
    );
    const file = path.join(t.config.dataDir, 'attachments', old.storageKey);
    expect(fs.existsSync(file)).toBe(true);
    expect(await deleteOrphanUploads(t.db, storage)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    const left = await t.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(attachments.conversationId, chat.conversationId));
    expect(left.map((r) => r.id)).toEqual([fresh.id]);
  });
});
