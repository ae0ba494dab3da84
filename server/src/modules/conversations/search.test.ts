import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useInbox } from '../../../test/conversations.ts';
import * as make from '../../../test/factories.ts';
import { conversations } from '../../db/schema/index.ts';
import { commonInMessages, matchingCustomers, prefixEnd, prefixQuery } from './search.ts';

const { x, poll, ids, freshApp, crowd } = useInbox();

describe('searching the inbox list', () => {
  it('searches customer names and emails and message text, by word prefix', async () => {
    const { app, chat } = await freshApp('Search');
    const zed = await chat({
      name: 'Zed Zimmer',
      email: 'zed.zimmer@example.test',
      message: 'Parcel missing',
    });
    const yan = await chat({ name: 'Yan Young', email: 'yan@example.test', message: 'Invoice question' });
    await x.as(x.sessions.agent)('POST', '/messages', {
      body: { conversation_id: yan.conversationId, content: 'The refund was approved', is_private: true },
    });
    const find = async (search: string) =>
      ids((await poll('agent', { app_id: app.id, search })).conversations);
    expect(await find('zed.zimmer@example.test')).toEqual([zed.conversationId]);
    expect(await find('ZED.ZIMMER@EXAMPLE.TEST')).toEqual([zed.conversationId]);
    expect(await find('zimm')).toEqual([zed.conversationId]);
    expect(await find('yan@exam')).toEqual([yan.conversationId]);
    expect(await find('example.test')).toEqual([yan.conversationId, zed.conversationId]);
    expect(await find('parcel')).toEqual([zed.conversationId]);
    expect(await find('refund approv')).toEqual([yan.conversationId]);
    expect(await find('invoice zed')).toEqual([]);
    expect(await find('nothing-like-this')).toEqual([]);
    const [row] = await x.t.db.select().from(conversations).where(eq(conversations.id, zed.conversationId));
    expect(await find(`#${row!.number}`)).toEqual([zed.conversationId]);
    for (const hostile of ["'", '&|!:*()', "zed' | 'yan", '\\', '%_']) {
      const res = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
        query: { app_id: app.id, search: hostile },
      });
      expect(res.status, hostile).toBe(200);
    }
  });

  it('finds a customer by phone however the number is written, and a whole email address as typed', async () => {
    const { app, chat } = await freshApp('Phones');
    const ada = await chat({ name: 'Ada Dialer', email: 'ada@phones.test', message: 'Call me' });
    const bob = await chat({ name: 'Bob Dialer', email: 'bob@phones.test', message: 'Call me' });
    const adam = await chat({ name: 'Adam Dialer', email: 'ada1@phones.test', message: 'Call me' });
    const rows = (await poll('agent', { app_id: app.id })).conversations;
    const customerOf = (id: number) => rows.find((r) => r.conversation_id === id)!.customer.customer_id;
    // Ada's as the customer editor stores it (E.164); Bob's without a country code, as phones could be
    // stored before issue 42 (digits as typed), which the search still finds.
    const res = await x.as(x.sessions.admin)('PUT', '/customers', {
      query: { id: customerOf(ada.conversationId) },
      body: { phone: '+44 20 7946 0958' },
    });
    expect(res.status).toBe(200);
    await x.t.db.execute(
      sql`update customers set phone = '015123456789' where id = ${customerOf(bob.conversationId)}`,
    );
    const find = async (search: string, as: 'agent' | 'stranger' = 'agent') =>
      ids((await poll(as, as === 'agent' ? { app_id: app.id, search } : { search })).conversations);
    for (const typed of ['020 7946 0958', '+44 20 7946 0958', '(020) 7946-0958', '7946 0958', '+44 20 79']) {
      expect(await find(typed), typed).toEqual([ada.conversationId]);
    }
    for (const typed of ['+49 151 23456789', '015123456789', '2345 6789']) {
      expect(await find(typed), typed).toEqual([bob.conversationId]);
    }
    // A fragment too short to be a phone is a word: no customer's name, email or message holds it.
    expect(await find('0958')).toEqual([]);
    expect(await find('020 7946 0958', 'stranger')).toEqual([]);
    // A whole address is that customer's, not everyone whose address starts the same way.
    expect(await find('ada@phones.test')).toEqual([ada.conversationId]);
    expect(await find('ada@phones.te')).toEqual([ada.conversationId]);
    expect(await find('ada@phon')).toEqual([adam.conversationId, ada.conversationId]);
  });

  it('finds names in any script by the start of each word, and follows a renamed customer', async () => {
    const { app, chat } = await freshApp('Scripts');
    const zoe = await chat({ name: 'Zoë Gräf', email: 'zoe.graf@scripts.test', message: 'Hallo' });
    const pawel = await chat({ name: 'Paweł Nowak', message: 'Dzień dobry' });
    const jean = await chat({ name: 'Jean-Luc Picard', message: 'Engage' });
    const lee = await chat({ name: '李小龍 Lee', message: 'Hello' });
    const bond = await chat({ name: 'Agent007 Bond', message: 'Shaken' });
    const find = async (search: string) =>
      ids((await poll('agent', { app_id: app.id, search })).conversations);
    expect(await find('gräf')).toEqual([zoe.conversationId]);
    expect(await find('GRÄF')).toEqual([zoe.conversationId]);
    // By the email's parts too: "graf" is the address's, "zoe" both.
    expect(await find('graf')).toEqual([zoe.conversationId]);
    expect(await find('zo')).toEqual([zoe.conversationId]);
    expect(await find('pawe')).toEqual([pawel.conversationId]);
    expect(await find('nowak paweł')).toEqual([pawel.conversationId]);
    expect(await find('gräf nowak')).toEqual([]);
    expect(await find('luc')).toEqual([jean.conversationId]);
    expect(await find('jean-luc')).toEqual([jean.conversationId]);
    expect(await find('李小')).toEqual([lee.conversationId]);
    expect(await find('agent00')).toEqual([bond.conversationId]);
    // A word longer than the 200 characters a search may have (a name from a channel) is found by its start.
    await x.t.db.execute(sql`update customers set name = ${`${'y'.repeat(250)} Bond`}
      where id = (select customer_id from conversations where id = ${bond.conversationId})`);
    expect(await find('y'.repeat(200))).toEqual([bond.conversationId]);
    expect(await find(`${'y'.repeat(199)}z`)).toEqual([]);
    const rows = (await poll('agent', { app_id: app.id })).conversations;
    const customerId = rows.find((r) => r.conversation_id === pawel.conversationId)!.customer.customer_id;
    const res = await x.as(x.sessions.admin)('PUT', '/customers', {
      query: { id: customerId },
      body: { name: 'Piotr Nowak' },
    });
    expect(res.status).toBe(200);
    expect(await find('pawe')).toEqual([]);
    expect(await find('piotr')).toEqual([pawel.conversationId]);
    expect(await find('nowak')).toEqual([pawel.conversationId]);
  });

  it("a walked search's customer terms find the customers its words match in name and email", async () => {
    const { chat } = await freshApp('Terms');
    for (const [name, email] of [
      ['Zoë Gräf', 'zoe.graf@terms.test'],
      ['Paweł Nowak', 'pawel@terms.test'],
      ['Jean-Luc Picard', null],
      ['李小龍 Lee', null],
      ['Agent007 Bond', 'bond007@terms.test'],
      ["Siobhán O'Brien", 'siobhan.obrien@terms.test'],
    ] as const) {
      await chat({ name, ...(email ? { email } : {}) });
    }
    // The same name in another company is none of this company's customers.
    const elsewhere = await x.t.db.execute<{ id: number }>(sql`insert into customers (company_id, name, email)
      select id, 'Zoë Gräf', 'zoe.graf@terms.test' from companies where id <> ${x.company.id} limit 1
      returning id`);
    const stranger = Number(elsewhere.rows[0]!.id);
    // A word longer than a search may be (a name from a channel), written past the API: kept by its start.
    await x.t.db.execute(sql`update customers set name = ${`${'w'.repeat(250)} Long`}
      where company_id = ${x.company.id} and name = 'Agent007 Bond'`);
    // The search's own definition, spelled here apart from the code: every word a prefix of a word of the
    // customer's name, email or the email's parts.
    const byDocument = async (search: string) =>
      (
        await x.t.db.execute<{ id: number }>(sql`select id from customers where company_id = ${x.company.id}
          and to_tsvector('simple', name || ' ' || coalesce(email, '') || ' ' || translate(coalesce(email, ''), '@.', '  '))
            @@ to_tsquery('simple', ${prefixQuery(search)}) order by id`)
      ).rows.map((r) => Number(r.id));
    const byTerms = async (search: string) =>
      (
        await x.t.db.execute<{ id: number }>(
          sql`select id from (${matchingCustomers(x.company.id, search, sql`to_tsquery('simple', ${prefixQuery(search)})`)}) m order by id`,
        )
      ).rows.map((r) => Number(r.id));
    const searches = ['zoë', 'GRÄF', 'graf', 'zo', 'pawe', 'nowak paweł', 'gräf nowak', 'luc', 'jean luc'];
    searches.push('李小', 'bond0', 'siob', 'obrien', 'brien', 'terms', 'lee long', 't');
    searches.push('w'.repeat(200), `${'w'.repeat(199)}z`, 'agent00');
    let found = 0;
    for (const search of searches) {
      const expected = await byDocument(search);
      expect(await byTerms(search), search).toEqual(expected);
      found += expected.length;
    }
    expect(found).toBeGreaterThan(searches.length);
    expect(await byTerms('w'.repeat(200))).toHaveLength(1);
    expect(await byTerms('agent00')).toEqual([]);
    expect(await byTerms('gräf')).not.toContain(stranger);
  });

  it('a name shared by more than 1,000 customers is searched by walking the list, with the same answer', async () => {
    const { app, queue } = await freshApp('Crowd');
    // 1,001 customers called "Zeno Crowd", one conversation each, the oldest first.
    await crowd(app, queue, 'Zeno Crowd', 'zeno', 1001);
    const list = await poll('agent', { app_id: app.id, limit: 50 });
    const found = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, search: 'zeno crowd' },
    });
    expect(found.body.data).toMatchObject({ total: 200, total_capped: true });
    expect(ids(found.body.data.conversations)).toEqual(ids(list.conversations));
    // Past the last match the count runs on its own, and still knows the matching customers.
    const past = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 1001, search: 'zeno crowd' },
    });
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ conversations: [], total: 1001 });
    const one = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, search: 'zeno1001@crowd.test' },
    });
    expect(one.body.data.total).toBe(1);
    // The process now walks for "zeno crowd" at once; when only three are left it still answers those three.
    await x.t.db.execute(sql`update customers set name = 'Other Person', email = 'other' || id || '@elsewhere.test'
      where company_id = ${x.company.id} and name = 'Zeno Crowd' and email not in
        ('zeno1@crowd.test', 'zeno2@crowd.test', 'zeno3@crowd.test')`);
    const few = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, search: 'zeno crowd' },
    });
    expect(few.body.data).toMatchObject({ total: 3 });
    expect(few.body.data.total_capped).toBeUndefined();
    expect(ids(few.body.data.conversations)).toEqual(ids(list.conversations).slice(0, 3));
  });

  it("a walked search's statement, planned once for every search, answers each for its own words and viewer", async () => {
    const { app, queue } = await freshApp('Planned');
    const closed = await make.createQueue(x.t.db, app, { name: 'Planned VIP', isPrivate: true });
    // Two crowds, more than a search collects: the agent's queue holds one, a private queue the other.
    await crowd(app, queue, 'Zora Alpha', 'zora', 1001);
    await crowd(app, closed, 'Wren Beta', 'wren', 1001);
    const newest = async (name: string) =>
      (
        await x.t.db.execute<{ id: number }>(sql`select c.id from conversations c
          join customers cu on cu.id = c.customer_id where cu.company_id = ${x.company.id} and cu.name = ${name}
          order by c.last_activity_at desc, c.id desc limit 50`)
      ).rows.map((r) => Number(r.id));
    const zora = await newest('Zora Alpha');
    const wren = await newest('Wren Beta');
    const cases = [
      { who: 'agent', search: 'zora', rows: zora, total: 200 },
      { who: 'agent', search: 'wren', rows: [], total: 0 },
      { who: 'admin', search: 'wren', rows: wren, total: 200 },
      { who: 'admin', search: 'zora', rows: zora, total: 200 },
    ] as const;
    // PostgreSQL keeps a statement's generic plan after five runs on a connection: the rounds go past that,
    // and each search must still find its own words' conversations, within its own viewer's sight.
    for (let round = 0; round < 6; round++) {
      for (const c of cases) {
        const found = await poll(c.who, { search: c.search });
        expect(ids(found.conversations)).toEqual(c.rows);
        expect(found.total).toBe(c.total);
      }
    }
  });

  it('a word in a large share of all messages is looked for in each walked conversation, with the same answer', async () => {
    const { app, chat } = await freshApp('Common');
    const older = await chat({ name: 'Quill Older', message: 'Where is my xylophone?' });
    const without = await chat({ name: 'Quill Without', message: 'Nothing to see' });
    const newer = await chat({ name: 'Quill Newer', message: 'Hello' });
    // 1,200 more mentions in the newest conversation: more than the 1,000 a search collects, and so large a
    // share of this database's messages that the planner's estimate (after ANALYZE) calls the word common.
    await x.t.db.execute(sql`
      insert into messages (company_id, conversation_id, sender_type, content)
      select ${x.company.id}, ${newer.conversationId}, 'customer', 'xylophone number ' || g
      from generate_series(1, 1200) g`);
    await x.t.db.execute(sql`analyze messages`);
    expect(await commonInMessages(x.t.db, 'xylo')).toBe(true);
    expect(await commonInMessages(x.t.db, 'nothing')).toBe(false);
    const found = await poll('agent', { app_id: app.id, search: 'xylo' });
    expect(ids(found.conversations)).toEqual([newer.conversationId, older.conversationId]);
    expect(found.total).toBe(2);
    expect(ids(found.conversations)).not.toContain(without.conversationId);
    // With an internal note the word is still found, as in the default way.
    await x.as(x.sessions.agent)('POST', '/messages', {
      body: { conversation_id: without.conversationId, content: 'Xylophones noted', is_private: true },
    });
    const again = await poll('agent', { app_id: app.id, search: 'xylo' });
    expect(ids(again.conversations)).toEqual([
      without.conversationId,
      newer.conversationId,
      older.conversationId,
    ]);
    // One walk serves a page and its count: the second row alone, the row after it by cursor, past the end.
    const one = { app_id: app.id, search: 'xylo', limit: 1 };
    const second = await poll('agent', { ...one, offset: 1 });
    expect(ids(second.conversations)).toEqual([newer.conversationId]);
    expect(second.total).toBe(3);
    const third = await poll('agent', { ...one, offset: 2, after: second.next_cursor! });
    expect(ids(third.conversations)).toEqual([older.conversationId]);
    expect(third.total).toBe(3);
    const past = await poll('agent', { ...one, offset: 3 });
    expect(past).toMatchObject({ conversations: [], total: 3 });
  });
});

describe('prefixEnd', () => {
  it('is the first string past every string a prefix starts', () => {
    expect(prefixEnd('abc')).toBe('abd');
    expect(prefixEnd('gräf')).toBe('gräg');
    expect(prefixEnd('a\u{10FFFF}')).toBe('b');
    expect(prefixEnd('\u{10FFFF}')).toBeNull();
    expect(prefixEnd('\uD7FF')).toBe('\uE000');
  });
});
