import fs from 'node:fs';
import path from 'node:path';
import { Customer } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf } from '../../../test/answers.ts';
import { before, call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { createApp, createTenant, PASSWORD } from '../../../test/factories.ts';
import { PNG } from '../../../test/files.ts';
import { startChat, uploadFile } from '../../../test/portal.ts';
import { activities, attachments } from '../../db/schema/index.ts';

/** Customers (contract section 8) as the console's users see them, and as another company cannot. */
const t = useTestApp();
const s = before(async () => {
  const a = await createTenant(t.db);
  const b = await createTenant(t.db);
  // A second app of A the agent has no role in.
  const hidden = await createApp(t.db, a.company.id, { name: 'Hidden app' });
  const login = (tenant: typeof a, who: 'admin' | 'agent') =>
    loginAs(t.app, tenant[who].email, PASSWORD, tenant.company.id);
  return {
    a,
    b,
    hidden,
    admin: await login(a, 'admin'),
    agent: await login(a, 'agent'),
    other: await login(b, 'admin'),
  };
});

const api =
  (as: Session) =>
  (method: string, url: string, opts: { query?: Record<string, string | number>; body?: unknown } = {}) =>
    call(t.app, method as 'GET', url, { as, ...opts });

async function customerOf(conversationId: number) {
  const res = await t.db.execute<{ customer_id: number }>(
    sql`select customer_id from conversations where id = ${conversationId}`,
  );
  return Number(res.rows[0]!.customer_id);
}

describe('finding customers', () => {
  it('lists the customers of apps the caller can see, with their apps and counts', async () => {
    const chat = await startChat(t.app, s.a.app.id, {
      queueId: s.a.queue.id,
      name: 'Lena Liste',
      email: 'lena@list.test',
    });
    const hiddenChat = await startChat(t.app, s.hidden.id, {
      name: 'Hugo Hidden',
      email: 'hugo@hidden.test',
    });
    const lena = await customerOf(chat.conversationId);
    const hugo = await customerOf(hiddenChat.conversationId);

    const all = await api(s.admin)('GET', '/customers', { query: { search: 'list.test' } });
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 1, limit: 50, offset: 0 });
    const [row] = all.body.data;
    expect(Customer.parse(row)).toEqual(row);
    expect(row).toMatchObject({
      customer_id: lena,
      name: 'Lena Liste',
      email: 'lena@list.test',
      apps: [{ app_id: s.a.app.id }],
      conversations_count: 1,
      open_conversations_count: 1,
    });
    expect(row.last_activity_ts).not.toBeNull();

    // The agent has no role in the hidden app: its customer is not there, by list or by id.
    const agentSees = await api(s.agent)('GET', '/customers', { query: { search: 'hidden.test' } });
    expect(agentSees.body.data).toEqual([]);
    expect((await api(s.agent)('GET', '/customers', { query: { id: hugo } })).status).toBe(404);
    expect((await api(s.admin)('GET', '/customers', { query: { id: hugo } })).status).toBe(200);
    // Another company's admin gets 404 for every call on A's customer.
    const other = api(s.other);
    expect((await other('GET', '/customers', { query: { id: lena } })).status).toBe(404);
    expect((await other('PUT', '/customers', { query: { id: lena }, body: { notes: 'x' } })).status).toBe(
      404,
    );
    expect((await other('DELETE', '/customers', { query: { id: lena } })).status).toBe(404);
    expect((await other('GET', '/customer/conversations', { query: { id: lena } })).status).toBe(404);
    expect((await other('GET', '/customer/apps', { query: { id: lena } })).status).toBe(404);
    expect((await other('GET', '/customers', { query: { id: 99_999_999_999 } })).status).toBe(404);
    expect((await other('GET', '/customers', { query: { search: 'lena' } })).body.data).toEqual([]);
  });

  it('searches name, email and phone case-insensitively, with % and _ literal and phones without formatting', async () => {
    const app = await createApp(t.db, s.a.company.id, { name: 'Search app' });
    const make = (name: string, email: string | null, phone: string | null) =>
      api(s.admin)('POST', '/customers', { body: { name, email, phone, app_ids: [app.id] } });
    expect((await make('Zoë Percent_100%', 'zoe@search.test', '+44 20 7946 0958')).status).toBe(201);
    expect((await make('Zack Plain', 'zack@search.test', null)).status).toBe(201);
    const find = async (search: string) =>
      (await api(s.admin)('GET', '/customers', { query: { search, app_id: app.id } })).body.data.map(
        (c: Customer) => c.name,
      );
    expect(await find('ZOË')).toEqual(['Zoë Percent_100%']);
    expect(await find('_100%')).toEqual(['Zoë Percent_100%']);
    expect(await find('%')).toEqual(['Zoë Percent_100%']);
    expect(await find('SEARCH.TEST')).toHaveLength(2);
    expect(await find('2079460958')).toEqual(['Zoë Percent_100%']);
    expect(await find('+44-20-7946')).toEqual(['Zoë Percent_100%']);
    // The phone was stored as E.164.
    const [zoe] = (await api(s.admin)('GET', '/customers', { query: { search: 'zoe@' } })).body.data;
    expect(zoe.phone).toBe('+442079460958');
  });

  it('sorts by name, creation and latest activity, filters by open conversations, and pages', async () => {
    const app = await createApp(t.db, s.a.company.id, { name: 'Sorting app' });
    for (const name of ['beta', 'Alpha', 'gamma']) {
      await api(s.admin)('POST', '/customers', { body: { name, app_ids: [app.id] } });
    }
    const chat = await startChat(t.app, app.id, { name: 'Delta Talks', email: 'delta@sort.test' });
    const names = async (query: Record<string, string | number>) =>
      (await api(s.admin)('GET', '/customers', { query: { app_id: app.id, ...query } })).body.data.map(
        (c: Customer) => c.name,
      );
    expect(await names({ sort: 'name' })).toEqual(['Alpha', 'beta', 'Delta Talks', 'gamma']);
    expect(await names({ sort: '-name' })).toEqual(['gamma', 'Delta Talks', 'beta', 'Alpha']);
    expect(await names({ sort: 'created' })).toEqual(['beta', 'Alpha', 'gamma', 'Delta Talks']);
    expect((await names({}))[0]).toBe('Delta Talks');
    expect(await names({ has_open: 'true' })).toEqual(['Delta Talks']);
    expect(await names({ has_open: 'false', sort: 'name' })).toEqual(['Alpha', 'beta', 'gamma']);
    const page = await api(s.admin)('GET', '/customers', {
      query: { app_id: app.id, sort: 'name', limit: 2, offset: 2 },
    });
    expect(page.body.meta).toEqual({ total: 4, limit: 2, offset: 2 });
    expect(page.body.data.map((c: Customer) => c.name)).toEqual(['Delta Talks', 'gamma']);
    const conversations = await api(s.admin)('GET', '/customer/conversations', {
      query: { id: await customerOf(chat.conversationId) },
    });
    expect(conversations.body.data.map((c: { conversation_id: number }) => c.conversation_id)).toEqual([
      chat.conversationId,
    ]);
    expect((await api(s.admin)('GET', '/customers', { query: { sort: 'size' } })).status).toBe(422);
    expect((await api(s.agent)('GET', '/customers', { query: { app_id: s.hidden.id } })).status).toBe(404);
  });
});

describe('a large list', () => {
  it('counts at most 1,000 past the page and says so, exactly near the end', async () => {
    const app = await createApp(t.db, s.a.company.id, { name: 'Crowded app' });
    await t.db.execute(sql`
      with made as (
        insert into customers (company_id, name, email)
        select ${s.a.company.id}, 'Crowd ' || g, 'crowd' || g || '@crowd.test' from generate_series(1, 1060) g
        returning id)
      insert into customer_apps (customer_id, app_id, company_id) select id, ${app.id}, ${s.a.company.id} from made`);
    const first = await api(s.admin)('GET', '/customers', { query: { app_id: app.id } });
    expect(first.body.meta).toEqual({ total: 1000, limit: 50, offset: 0, total_capped: true });
    const near = await api(s.admin)('GET', '/customers', { query: { app_id: app.id, offset: 1000 } });
    expect(near.body.meta).toEqual({ total: 1060, limit: 50, offset: 1000 });
    expect(near.body.data).toHaveLength(50);
    const found = await api(s.admin)('GET', '/customers', {
      query: { app_id: app.id, search: 'crowd1059@' },
    });
    expect(found.body.data.map((c: Customer) => c.name)).toEqual(['Crowd 1059']);
  });
});

describe('editing customers', () => {
  it('edits details, notes and attributes; a taken email or phone answers 409 with its holder', async () => {
    const first = await api(s.admin)('POST', '/customers', {
      body: { name: 'Olga Owner', email: 'Olga@Owner.test', phone: '+1 415 555 0100', app_ids: [s.a.app.id] },
    });
    expect(first.status).toBe(201);
    expect(first.body.data.email).toBe('olga@owner.test');
    const second = await api(s.agent)('POST', '/customers', {
      body: { name: 'Sam Second', app_ids: [s.a.app.id] },
    });
    const id = second.body.data.customer_id;
    const edit = (body: unknown) => api(s.agent)('PUT', '/customers', { query: { id }, body });

    const emailTaken = await edit({ email: 'OLGA@owner.test' });
    expect(errorOf(emailTaken, 409)).toMatchObject({
      code: 'CONFLICT',
      details: { field: 'email', customer_id: first.body.data.customer_id },
    });
    const phoneTaken = await edit({ phone: '(415) 555-0100'.replace('(', '+1 (') });
    expect(errorOf(phoneTaken, 409).details.customer_id).toBe(first.body.data.customer_id);
    // Creating a customer under a taken email or phone is refused the same way, and creates nobody.
    for (const taken of [{ email: 'olga@OWNER.test' }, { phone: '+1 415-555-0100' }]) {
      const again = await api(s.admin)('POST', '/customers', {
        body: { name: 'Olga Again', app_ids: [s.a.app.id], ...taken },
      });
      expect(errorOf(again, 409).details.customer_id).toBe(first.body.data.customer_id);
    }
    const named = await api(s.admin)('GET', '/customers', { query: { search: 'Olga Again' } });
    expect(named.body.meta.total).toBe(0);
    // Nothing changed by the refused edits.
    expect((await api(s.agent)('GET', '/customers', { query: { id } })).body.data.email).toBeNull();

    const ok = await edit({
      name: 'Sam Seconded',
      email: 'sam@second.test',
      notes: 'Prefers email.',
      attributes: { plan: 'Pro', city: 'Lyon' },
    });
    expect(dataOf(ok)).toMatchObject({
      name: 'Sam Seconded',
      email: 'sam@second.test',
      notes: 'Prefers email.',
      attributes: { plan: 'Pro', city: 'Lyon' },
    });
    // The portal now finds Sam by that email (any case) instead of making a new customer.
    const chat = await startChat(t.app, s.a.app.id, {
      queueId: s.a.queue.id,
      name: 'Someone',
      email: 'SAM@second.test',
    });
    expect(await customerOf(chat.conversationId)).toBe(id);
    expect((await api(s.agent)('GET', '/customers', { query: { id } })).body.data.name).toBe('Sam Seconded');

    expect((await edit({ name: '' })).status).toBe(422);
    expect((await edit({ email: 'not an email' })).status).toBe(422);
    expect((await edit({ name: 'Nul\u0000Byte' })).status).toBe(422);
    expect((await edit({ attributes: { '': 'x' } })).status).toBe(422);
  });

  it('links and unlinks apps, but never leaves a customer with conversations without one', async () => {
    const chat = await startChat(t.app, s.a.app.id, {
      queueId: s.a.queue.id,
      name: 'Link Lou',
      email: 'lou@link.test',
    });
    const id = await customerOf(chat.conversationId);
    const other = await createApp(t.db, s.a.company.id, { name: 'Linked later' });
    const linked = await api(s.admin)('POST', '/customer/apps', {
      body: { customer_id: id, app_id: other.id },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.map((a: { app_id: number }) => a.app_id).sort()).toEqual(
      [s.a.app.id, other.id].sort(),
    );
    expect(
      (await api(s.agent)('POST', '/customer/apps', { body: { customer_id: id, app_id: s.hidden.id } }))
        .status,
    ).toBe(404);
    expect(
      (await api(s.admin)('POST', '/customer/apps', { body: { customer_id: id, app_id: s.b.app.id } }))
        .status,
    ).toBe(404);
    const unlinked = await api(s.admin)('DELETE', '/customer/apps', { query: { id, app_id: other.id } });
    expect(unlinked.body.data.map((a: { app_id: number }) => a.app_id)).toEqual([s.a.app.id]);
    const last = await api(s.admin)('DELETE', '/customer/apps', { query: { id, app_id: s.a.app.id } });
    expect(last.status).toBe(409);
    expect((await api(s.admin)('GET', '/customer/apps', { query: { id } })).body.data).toHaveLength(1);
    // The portal's first contact and each change of apps are events, naming the apps concerned.
    const events = await t.db.execute<{ type: string; data: { app_ids: number[] } }>(
      sql`select type, data from events where customer_id = ${id} and type like 'customer.%' order by event_id`,
    );
    expect(events.rows.map((e) => [e.type, [...e.data.app_ids].sort()])).toEqual([
      ['customer.created', [s.a.app.id]],
      ['customer.updated', [s.a.app.id, other.id].sort()],
      ['customer.updated', [s.a.app.id, other.id].sort()],
    ]);
  });
});

describe('erasing a customer', () => {
  it('removes the customer, its conversations, messages and files, and keeps no personal data', async () => {
    const chat = await startChat(t.app, s.a.app.id, {
      queueId: s.a.queue.id,
      name: 'Erin Erase',
      email: 'erin@erase.test',
    });
    await uploadFile(t.app, chat.token, 'me.png', PNG, 'image/png');
    const id = await customerOf(chat.conversationId);
    const files = await t.db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.conversationId, chat.conversationId));
    const onDisk = files.map((f) => path.join(t.config.dataDir, 'attachments', f.key));
    expect(onDisk.length).toBeGreaterThan(0);
    for (const file of onDisk) expect(fs.existsSync(file)).toBe(true);

    expect((await api(s.agent)('DELETE', '/customers', { query: { id } })).status).toBe(403);
    const res = await api(s.admin)('DELETE', '/customers', { query: { id } });
    expect(res.status).toBe(200);
    for (const file of onDisk) expect(fs.existsSync(file)).toBe(false);
    expect((await api(s.admin)('GET', '/customers', { query: { id } })).status).toBe(404);
    const left = await t.db.execute<{ n: number }>(sql`select
      (select count(*) from conversations where customer_id = ${id})
      + (select count(*) from messages where conversation_id = ${chat.conversationId})
      + (select count(*) from customer_identities where customer_id = ${id}) as n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'customer.deleted'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(JSON.stringify(activity)).not.toMatch(/erin/i);
    // Nor does any earlier entry of the feed name them.
    const feed = await t.db.select().from(activities).where(eq(activities.companyId, s.a.company.id));
    expect(feed.some((a) => a.entityType === 'customer' && a.entityId === String(id))).toBe(true);
    expect(JSON.stringify(feed)).not.toMatch(/erin/i);
    // The email is free again: the portal makes a new customer with it.
    const again = await startChat(t.app, s.a.app.id, {
      queueId: s.a.queue.id,
      name: 'Erin Again',
      email: 'erin@erase.test',
    });
    expect(await customerOf(again.conversationId)).not.toBe(id);
    expect((await api(s.admin)('DELETE', '/customers', { query: { id } })).status).toBe(404);
  });
});
