import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, change, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import {
  addAppMember,
  addCompanyMember,
  createApp,
  createTenant,
  createUser,
  PASSWORD,
} from '../../../test/factories.ts';
import { PDF } from '../../../test/files.ts';
import { startChat } from '../../../test/portal.ts';
import { consoleUpload } from '../../../test/uploads.ts';

/**
 * Canned replies (contract section 13): who may keep which scope, what each person may use, the short code's
 * uniqueness, the search's order, and another company's ids.
 */
const t = useTestApp();

const world = before(async () => {
  const tenant = await createTenant(t.db);
  const { company, app } = tenant;
  const otherApp = await createApp(t.db, company.id, { name: 'Other app' });
  const appAdmin = await createUser(t.db, { name: 'Pat AppAdmin' });
  const appManager = await createUser(t.db, { name: 'Mo AppManager' });
  const colleague = await createUser(t.db, { name: 'Cole Colleague' });
  for (const u of [appAdmin, appManager, colleague]) await addCompanyMember(t.db, company.id, u.id, 'agent');
  await addAppMember(t.db, app, appAdmin.id, 'admin');
  await addAppMember(t.db, app, appManager.id, 'manager');
  await addAppMember(t.db, app, colleague.id, 'agent');
  const login = (email: string) => loginAs(t.app, email, PASSWORD, company.id);
  const other = await createTenant(t.db);
  return {
    tenant,
    otherApp,
    admin: await login(tenant.admin.email),
    manager: await login(tenant.manager.email),
    agent: await login(tenant.agent.email),
    appAdmin: await login(appAdmin.email),
    appManager: await login(appManager.email),
    colleague: await login(colleague.email),
    otherAdmin: await loginAs(t.app, other.admin.email, PASSWORD, other.company.id),
    otherTenant: other,
  };
});

let codes = 0;
const code = (prefix = 'c') => `${prefix}${++codes}`;

function create(as: Session, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/canned-replies', {
    as,
    body: { short_code: code(), title: 'A title', content: 'Some content', ...body },
  });
}

const listAs = (as: Session, query: Record<string, string | number> = {}) =>
  call(t.app, 'GET', '/canned-replies', { as, query: { limit: 100, ...query } });

const codesOf = (res: { body: { data: { short_code: string }[] } }) => res.body.data.map((r) => r.short_code);

describe('who keeps which scope', () => {
  it('lets company admins and managers keep company replies, and refuses agents', async () => {
    expect((await create(world.admin, { scope: 'company' })).status).toBe(201);
    expect((await create(world.manager, { scope: 'company' })).status).toBe(201);
    const refused = await create(world.agent, { scope: 'company', short_code: 'agent-company' });
    expect(refused.status).toBe(403);
    expect(codesOf(await listAs(world.admin))).not.toContain('agent-company');
  });

  it("lets an app's admins and managers (and company admins and managers) keep its replies, not its agents", async () => {
    const appId = world.tenant.app.id;
    for (const who of [world.appAdmin, world.appManager, world.admin, world.manager]) {
      const res = await create(who, { scope: 'app', app_id: appId });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ scope: 'app', app_id: appId, owner: null });
    }
    expect((await create(world.agent, { scope: 'app', app_id: appId })).status).toBe(403);
    // An app the caller cannot see: as if it did not exist.
    expect((await create(world.appAdmin, { scope: 'app', app_id: world.otherApp.id })).status).toBe(404);
    expect((await create(world.appAdmin, { scope: 'app' })).status).toBe(422);
  });

  it('lets anyone keep personal replies, owned by themselves', async () => {
    const res = await create(world.agent, { scope: 'personal' });
    expect(res.status).toBe(201);
    expect(res.body.data.owner).toEqual({ user_id: world.tenant.agent.id, name: 'Alex Agent' });
    const changed = await change(t.app, '/canned-replies', world.agent, res.body.data.canned_reply_id, {
      title: 'Mine, changed',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.title).toBe('Mine, changed');
  });

  it('answers 403 to an agent changing or deleting a company or app reply, and leaves it as it was', async () => {
    const company = (await create(world.admin, { scope: 'company', title: 'Kept' })).body.data;
    const app = (await create(world.admin, { scope: 'app', app_id: world.tenant.app.id, title: 'Kept' })).body
      .data;
    for (const reply of [company, app]) {
      const id = reply.canned_reply_id;
      expect((await change(t.app, '/canned-replies', world.agent, id, { title: 'Mine now' })).status).toBe(
        403,
      );
      expect(
        (await call(t.app, 'DELETE', '/canned-replies', { as: world.agent, query: { id } })).status,
      ).toBe(403);
      const seen = (await listAs(world.agent, { search: reply.short_code })).body.data;
      expect(seen.find((r: { canned_reply_id: number }) => r.canned_reply_id === id)?.title).toBe('Kept');
    }
    const byManager = await change(t.app, '/canned-replies', world.appManager, app.canned_reply_id, {
      title: 'Changed by the app manager',
    });
    expect(byManager.status).toBe(200);
    const gone = await call(t.app, 'DELETE', '/canned-replies', {
      as: world.manager,
      query: { id: company.canned_reply_id },
    });
    expect(gone.status).toBe(200);
  });

  it("answers 404 for someone else's personal reply, even to a company admin", async () => {
    const mine = (await create(world.agent, { scope: 'personal', short_code: 'private-one' })).body.data;
    const id = mine.canned_reply_id;
    for (const who of [world.admin, world.colleague]) {
      expect((await change(t.app, '/canned-replies', who, id, { title: 'x' })).status).toBe(404);
      expect((await call(t.app, 'DELETE', '/canned-replies', { as: who, query: { id } })).status).toBe(404);
      expect(codesOf(await listAs(who, { search: 'private-one' }))).toEqual([]);
    }
    expect(codesOf(await listAs(world.agent, { search: 'private-one' }))).toEqual(['private-one']);
  });
});

describe('short codes', () => {
  it('are unique case-insensitively within each scope (409), and free across scopes, apps and owners', async () => {
    const appId = world.tenant.app.id;
    const otherAppId = world.otherApp.id;
    expect((await create(world.admin, { scope: 'company', short_code: 'Refund' })).status).toBe(201);
    const clash = await create(world.manager, { scope: 'company', short_code: 'REFUND' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('CONFLICT');

    expect((await create(world.admin, { scope: 'app', app_id: appId, short_code: 'refund' })).status).toBe(
      201,
    );
    expect((await create(world.appAdmin, { scope: 'app', app_id: appId, short_code: 'rEfUnD' })).status).toBe(
      409,
    );
    expect(
      (await create(world.admin, { scope: 'app', app_id: otherAppId, short_code: 'refund' })).status,
    ).toBe(201);

    expect((await create(world.agent, { scope: 'personal', short_code: 'refund' })).status).toBe(201);
    expect((await create(world.agent, { scope: 'personal', short_code: 'REFUND' })).status).toBe(409);
    expect((await create(world.colleague, { scope: 'personal', short_code: 'refund' })).status).toBe(201);

    // A rename onto a taken code clashes too, and changes nothing.
    const other = (await create(world.admin, { scope: 'company', short_code: 'refund-2' })).body.data;
    const renamed = await change(t.app, '/canned-replies', world.admin, other.canned_reply_id, {
      short_code: 'refund',
      title: 'Should not stick',
    });
    expect(renamed.status).toBe(409);
    const after = (await listAs(world.admin, { search: 'refund-2' })).body.data[0];
    expect(after).toMatchObject({ short_code: 'refund-2', title: 'A title' });
  });

  it('take letters, digits, - and _ only, 1 to 40 of them (422)', async () => {
    for (const bad of ['', 'has space', 'ünïcode', 'a'.repeat(41), 'slash/es']) {
      const res = await create(world.agent, { scope: 'personal', short_code: bad });
      expect(res.status).toBe(422);
      expect(res.body.errors.short_code).toBeDefined();
    }
    expect(
      (await create(world.agent, { scope: 'personal', short_code: `A_b-9${'x'.repeat(35)}` })).status,
    ).toBe(201);
  });
});

describe('what each person may use', () => {
  it("lists the company's, the visible apps', and one's own replies, never another person's", async () => {
    const tag = 'zz-use';
    await create(world.admin, { scope: 'company', short_code: `${tag}-company` });
    await create(world.admin, { scope: 'app', app_id: world.tenant.app.id, short_code: `${tag}-app` });
    await create(world.admin, { scope: 'app', app_id: world.otherApp.id, short_code: `${tag}-other-app` });
    await create(world.agent, { scope: 'personal', short_code: `${tag}-agent` });
    await create(world.colleague, { scope: 'personal', short_code: `${tag}-colleague` });
    expect(codesOf(await listAs(world.agent, { search: tag }))).toEqual([
      `${tag}-agent`,
      `${tag}-app`,
      `${tag}-company`,
    ]);
    expect(codesOf(await listAs(world.admin, { search: tag }))).toEqual([
      `${tag}-app`,
      `${tag}-company`,
      `${tag}-other-app`,
    ]);
    // One app: that app's, with the company's and one's own.
    expect(codesOf(await listAs(world.admin, { search: tag, app_id: world.otherApp.id }))).toEqual([
      `${tag}-company`,
      `${tag}-other-app`,
    ]);
    expect((await listAs(world.agent, { app_id: world.otherApp.id })).status).toBe(404);
    expect(codesOf(await listAs(world.agent, { search: tag, scope: 'app' }))).toEqual([`${tag}-app`]);
    expect(codesOf(await listAs(world.agent, { search: tag, scope: 'personal' }))).toEqual([`${tag}-agent`]);
  });

  it('ranks a short-code prefix first, then a short code holding the term, then title or content', async () => {
    const by = world.admin;
    await create(by, { scope: 'company', short_code: 'xq-title', title: 'About qkship things' });
    await create(by, { scope: 'company', short_code: 'xq-content', content: 'We qkship daily' });
    await create(by, { scope: 'company', short_code: 'reqkship' });
    await create(by, { scope: 'company', short_code: 'qkship-late' });
    await create(by, { scope: 'company', short_code: 'QKship' });
    await create(by, { scope: 'company', short_code: 'unrelated-qk' });
    const res = await listAs(world.agent, { search: 'QKSHIP' });
    expect(codesOf(res)).toEqual(['QKship', 'qkship-late', 'reqkship', 'xq-content', 'xq-title']);
    expect(res.body.meta.total).toBe(5);
    const page = await listAs(world.agent, { search: 'qkship', limit: 2, offset: 2 });
    expect(codesOf(page)).toEqual(['reqkship', 'xq-content']);
    expect(page.body.meta).toMatchObject({ total: 5, limit: 2, offset: 2 });
    // A term with LIKE's wildcards is matched as typed.
    expect(codesOf(await listAs(world.agent, { search: 'qk%' }))).toEqual([]);
  });
});

describe("another company's ids", () => {
  it('answer 404 as missing ones do, and change nothing', async () => {
    const theirs = (await create(world.otherAdmin, { scope: 'company', short_code: 'theirs' })).body.data;
    const id = theirs.canned_reply_id;
    const missing = 1_999_999_999;
    for (const which of [id, missing]) {
      const put = await change(t.app, '/canned-replies', world.admin, which, { title: 'Taken' });
      expect(put.status).toBe(404);
      expect(
        (await call(t.app, 'DELETE', '/canned-replies', { as: world.admin, query: { id: which } })).status,
      ).toBe(404);
    }
    const theirApp = world.otherTenant.app.id;
    expect((await create(world.admin, { scope: 'app', app_id: theirApp })).status).toBe(404);
    expect((await listAs(world.admin, { app_id: theirApp })).status).toBe(404);
    expect(codesOf(await listAs(world.admin, { search: 'theirs' }))).toEqual([]);
    const row = await t.db.execute<{ title: string }>(sql`select title from canned_replies where id = ${id}`);
    expect(row.rows[0]!.title).toBe('A title');
  });

  it("refuses another company's conversation in a render (404)", async () => {
    const reply = (await create(world.admin, { scope: 'company' })).body.data;
    const chat = await startChat(t.app, world.otherTenant.app.id, { queueId: world.otherTenant.queue.id });
    const res = await call(t.app, 'POST', '/canned-replies/render', {
      as: world.admin,
      body: { canned_reply_id: reply.canned_reply_id, conversation_id: chat.conversationId },
    });
    expect(res.status).toBe(404);
    const theirs = (await create(world.otherAdmin, { scope: 'company' })).body.data;
    const ours = await startChat(t.app, world.tenant.app.id, { queueId: world.tenant.queue.id });
    const other = await call(t.app, 'POST', '/canned-replies/render', {
      as: world.admin,
      body: { canned_reply_id: theirs.canned_reply_id, conversation_id: ours.conversationId },
    });
    expect(other.status).toBe(404);
  });

  it("refuses another person's upload as a reply's file (422) and leaves it theirs", async () => {
    const theirs = await consoleUpload(t, world.colleague, null, { name: 'x.pdf', data: PDF });
    const res = await create(world.agent, {
      scope: 'personal',
      attachments: [theirs.body.data.attachment_id],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.attachments).toBeDefined();
    const own = await create(world.colleague, {
      scope: 'personal',
      attachments: [theirs.body.data.attachment_id],
    });
    expect(own.status).toBe(201);
  });
});
