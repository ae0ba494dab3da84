import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { createInbox, type Inbox } from '../../../test/conversations.ts';

/**
 * Labels (contract section 13): the company's list kept by admins and managers, put on conversations and
 * customers by anyone who sees them, always shown as the label is now.
 */
let x: Inbox;
beforeAll(async () => {
  x = await createInbox();
});
afterAll(() => x.t.close());

type Ref = { label_id: number; name: string; color: string };
const make = async (name: string, color = '#3b82f6') =>
  dataOf(await x.as(x.sessions.admin)('POST', '/labels', { body: { name, color } }), 201) as Ref;
const customerOf = async (conversationId: number) => {
  const res = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
    query: { conversation_id: conversationId },
  });
  return dataOf(res).conversation.customer.customer_id as number;
};

describe('the label list', () => {
  it('is kept by company admins and managers and read by everyone', async () => {
    const admin = x.as(x.sessions.admin);
    const made = dataOf(
      await admin('POST', '/labels', {
        body: { name: ' Refund ', color: '#AABBCC', description: 'Money back' },
      }),
      201,
    );
    expect(made).toMatchObject({ name: 'Refund', color: '#aabbcc', description: 'Money back' });
    const byManager = await x.as(x.sessions.manager)('POST', '/labels', {
      body: { name: 'Manager made', color: '#000000' },
    });
    expect(byManager.status).toBe(201);
    // Agents, app managers included, read the list but do not keep it.
    for (const who of ['agent', 'appManager'] as const) {
      const as = x.as(x.sessions[who]);
      expect(
        errorOf(await as('POST', '/labels', { body: { name: 'Nope', color: '#000000' } }), 403).code,
      ).toBe('FORBIDDEN');
      expect(
        (await as('PUT', '/labels', { query: { id: made.label_id }, body: { name: 'Changed' } })).status,
      ).toBe(403);
      expect((await as('DELETE', '/labels', { query: { id: made.label_id } })).status).toBe(403);
      const list = dataOf(await as('GET', '/labels'));
      expect(list.map((l: Ref) => l.name)).toEqual(expect.arrayContaining(['Refund', 'Manager made']));
    }
    // Another company sees none of them and cannot touch them.
    const stranger = x.as(x.sessions.stranger);
    expect(dataOf(await stranger('GET', '/labels'))).toEqual([]);
    expect(
      errorOf(await stranger('PUT', '/labels', { query: { id: made.label_id }, body: { name: 'Mine' } }), 404)
        .code,
    ).toBe('NOT_FOUND');
    expect((await stranger('DELETE', '/labels', { query: { id: made.label_id } })).status).toBe(404);
    const after = dataOf(await admin('GET', '/labels')).find((l: Ref) => l.label_id === made.label_id);
    expect(after).toMatchObject({ name: 'Refund', color: '#aabbcc' });
  });

  it('refuses a name the company has in any case (409), bad fields (422), and changes nothing then', async () => {
    const admin = x.as(x.sessions.admin);
    const vip = await make('Dup VIP');
    const clash = await admin('POST', '/labels', { body: { name: 'dup vip', color: '#111111' } });
    expect(errorOf(clash, 409)).toMatchObject({
      code: 'CONFLICT',
      message: 'A label with this name already exists',
    });
    const other = await make('Dup Other');
    expect(
      (await admin('PUT', '/labels', { query: { id: other.label_id }, body: { name: 'DUP VIP' } })).status,
    ).toBe(409);
    // Its own name in another case is a rename, not a clash.
    expect(
      dataOf(await admin('PUT', '/labels', { query: { id: vip.label_id }, body: { name: 'dup vip' } })).name,
    ).toBe('dup vip');
    expect(fieldErrorsOf(await admin('POST', '/labels', { body: { name: '', color: 'blue' } }))).toEqual({
      name: ['A label name is 1 to 50 characters'],
      color: ['A colour is written #rrggbb, for example #3b82f6'],
    });
    expect(
      fieldErrorsOf(await admin('POST', '/labels', { body: { name: 'x'.repeat(51), color: '#123456' } })),
    ).toEqual({
      name: ['A label name is 1 to 50 characters'],
    });
    // The same name in another company is that company's business.
    expect(
      (await x.as(x.sessions.stranger)('POST', '/labels', { body: { name: 'Dup VIP', color: '#123456' } }))
        .status,
    ).toBe(201);
    const names = dataOf(await admin('GET', '/labels')).map((l: Ref) => l.name);
    expect(names.filter((n: string) => n.toLowerCase() === 'dup vip')).toEqual(['dup vip']);
  });
});

describe('labels on conversations and customers', () => {
  it('anyone who sees the conversation changes its labels, with a line, an event and the answer', async () => {
    const vip = await make('Conv VIP', '#f59e0b');
    const bill = await make('Conv Billing', '#10b981');
    const chat = await x.chat({ name: 'Lara Label' });
    const agent = x.as(x.sessions.agent);
    const added = dataOf(
      await agent('POST', '/conversation/labels', {
        body: { conversation_id: chat.conversationId, add: [vip.label_id, bill.label_id] },
      }),
    );
    expect(added.labels).toEqual([
      { label_id: bill.label_id, name: 'Conv Billing', color: '#10b981' },
      { label_id: vip.label_id, name: 'Conv VIP', color: '#f59e0b' },
    ]);
    // Adding again and removing what is not there change nothing and write nothing.
    const same = await agent('POST', '/conversation/labels', {
      body: { conversation_id: chat.conversationId, add: [vip.label_id], remove: [999_999_999] },
    });
    expect(errorOf(same, 404).message).toBe('Label not found');
    const again = await agent('POST', '/conversation/labels', {
      body: { conversation_id: chat.conversationId, add: [vip.label_id] },
    });
    expect(dataOf(again).labels).toHaveLength(2);
    const removed = dataOf(
      await agent('POST', '/conversation/labels', {
        body: { conversation_id: chat.conversationId, remove: [bill.label_id] },
      }),
    );
    expect(removed.labels.map((l: Ref) => l.name)).toEqual(['Conv VIP']);
    const thread = dataOf(
      await agent('GET', '/conversation/poll', { query: { conversation_id: chat.conversationId } }),
    );
    const lines = thread.messages.filter((m: { sender_type: string }) => m.sender_type === 'system');
    expect(lines.map((m: { content: string; is_private: boolean }) => [m.content, m.is_private])).toEqual([
      [`Labels Conv Billing, Conv VIP added by ${x.users.agent.name}`, true],
      [`Label Conv Billing removed by ${x.users.agent.name}`, true],
    ]);
    const events = await x.t.db.execute<{ data: { added: number[]; removed: number[]; labels: Ref[] } }>(
      `select data from events where type = 'conversation.labels_changed' and conversation_id = ${chat.conversationId} order by event_id`,
    );
    expect(events.rows.map((r) => [r.data.added, r.data.removed, r.data.labels.map((l) => l.name)])).toEqual([
      [[bill.label_id, vip.label_id], [], ['Conv Billing', 'Conv VIP']],
      [[], [bill.label_id], ['Conv VIP']],
    ]);
  });

  it('answers 404 for a conversation out of sight or a label of another company, and changes nothing', async () => {
    const mine = await make('Sight label');
    const theirs = dataOf(
      await x.as(x.sessions.stranger)('POST', '/labels', { body: { name: 'Theirs', color: '#222222' } }),
      201,
    );
    const hidden = await x.chat({ name: 'Pia Private', appId: x.otherApp.id, queueId: x.otherQueue.id });
    const open = await x.chat({ name: 'Otto Open' });
    const agent = x.as(x.sessions.agent);
    expect(
      errorOf(
        await agent('POST', '/conversation/labels', {
          body: { conversation_id: hidden.conversationId, add: [mine.label_id] },
        }),
        404,
      ).message,
    ).toBe('Conversation not found');
    expect(
      (
        await agent('POST', '/conversation/labels', {
          body: { conversation_id: open.conversationId, add: [mine.label_id, theirs.label_id] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await x.as(x.sessions.stranger)('POST', '/customer/labels', {
          body: { customer_id: await customerOf(open.conversationId), add: [theirs.label_id] },
        })
      ).status,
    ).toBe(404);
    const seen = dataOf(
      await x.as(x.sessions.admin)('GET', '/conversation/poll', {
        query: { conversation_id: open.conversationId },
      }),
    );
    expect(seen.conversation.labels).toEqual([]);
    const hiddenSeen = dataOf(
      await x.as(x.sessions.admin)('GET', '/conversation/poll', {
        query: { conversation_id: hidden.conversationId },
      }),
    );
    expect(hiddenSeen.conversation.labels).toEqual([]);
  });

  it('a rename or a new colour shows everywhere at once, and a deleted label leaves everything', async () => {
    const admin = x.as(x.sessions.admin);
    const agent = x.as(x.sessions.agent);
    const label = await make('Everywhere', '#111111');
    const keep = await make('Everywhere kept', '#222222');
    const chat = await x.chat({ name: 'Eva Everywhere' });
    const customerId = await customerOf(chat.conversationId);
    await agent('POST', '/conversation/labels', {
      body: { conversation_id: chat.conversationId, add: [label.label_id, keep.label_id] },
    });
    const onCustomer = dataOf(
      await agent('POST', '/customer/labels', { body: { customer_id: customerId, add: [label.label_id] } }),
    );
    expect(onCustomer.labels).toEqual([{ label_id: label.label_id, name: 'Everywhere', color: '#111111' }]);

    dataOf(
      await admin('PUT', '/labels', {
        query: { id: label.label_id },
        body: { name: 'Renamed', color: '#ff0000' },
      }),
    );
    const renamed = { label_id: label.label_id, name: 'Renamed', color: '#ff0000' };
    const row = async () =>
      dataOf(
        await agent('GET', '/conversation/poll', { query: { label_id: String(keep.label_id) } }),
      ).conversations.find((c: { conversation_id: number }) => c.conversation_id === chat.conversationId);
    expect((await row()).labels).toContainEqual(renamed);
    const open = dataOf(
      await agent('GET', '/conversation/poll', { query: { conversation_id: chat.conversationId } }),
    );
    expect(open.conversation.labels).toContainEqual(renamed);
    expect(dataOf(await agent('GET', '/customers', { query: { id: customerId } })).labels).toEqual([renamed]);
    const listed = dataOf(await agent('GET', '/customers', { query: { label_id: String(label.label_id) } }));
    expect(listed.map((c: { customer_id: number }) => c.customer_id)).toEqual([customerId]);

    dataOf(await admin('DELETE', '/labels', { query: { id: label.label_id } }));
    expect((await row()).labels).toEqual([
      { label_id: keep.label_id, name: 'Everywhere kept', color: '#222222' },
    ]);
    expect(dataOf(await agent('GET', '/customers', { query: { id: customerId } })).labels).toEqual([]);
    expect(dataOf(await agent('GET', '/customers', { query: { label_id: String(label.label_id) } }))).toEqual(
      [],
    );
    const catalog = await x.t.db.execute<{ type: string }>(
      `select type from events where type like 'label.%' and data->'label'->>'label_id' = '${label.label_id}' order by event_id`,
    );
    expect(catalog.rows.map((r) => r.type)).toEqual(['label.created', 'label.updated', 'label.deleted']);
  });

  it('filters the inbox by any of several labels, page by page', async () => {
    const a = await make('Filter A');
    const b = await make('Filter B');
    const c = await make('Filter C');
    const agent = x.as(x.sessions.agent);
    const chats: Awaited<ReturnType<Inbox['chat']>>[] = [];
    for (let i = 0; i < 5; i++) chats.push(await x.chat({ name: `Fay Filter ${i}` }));
    const put = (i: number, label: Ref) =>
      agent('POST', '/conversation/labels', {
        body: { conversation_id: chats[i]!.conversationId, add: [label.label_id] },
      });
    await put(0, a);
    await put(1, b);
    await put(2, a);
    await put(2, b);
    await put(3, c);
    // Labelled last first: each label change is a line in the thread, which moves the conversation up.
    const pages: number[][] = [];
    let after: string | undefined;
    for (;;) {
      const query: Record<string, string | number> = { label_id: `${a.label_id},${b.label_id}`, limit: 2 };
      if (after) Object.assign(query, { after, offset: pages.flat().length });
      const page = dataOf(await agent('GET', '/conversation/poll', { query }));
      pages.push(page.conversations.map((r: { conversation_id: number }) => r.conversation_id));
      if (pages.length === 1) expect(page.total).toBe(3);
      if (!page.next_cursor) break;
      after = page.next_cursor;
    }
    expect(pages.flat()).toEqual([chats[2]!, chats[1]!, chats[0]!].map((ch) => ch.conversationId));
    expect(pages[0]).toHaveLength(2);
    const onlyC = dataOf(
      await agent('GET', '/conversation/poll', { query: { label_id: String(c.label_id) } }),
    );
    expect(onlyC.conversations.map((r: { conversation_id: number }) => r.conversation_id)).toEqual([
      chats[3]!.conversationId,
    ]);
    // Another company's label id filters to nothing, as an unknown one does.
    expect(
      dataOf(
        await x.as(x.sessions.stranger)('GET', '/conversation/poll', {
          query: { label_id: String(a.label_id) },
        }),
      ).conversations,
    ).toEqual([]);
    expect(
      fieldErrorsOf(await agent('GET', '/conversation/poll', { query: { label_id: 'x' } })),
    ).toHaveProperty('label_id');
  });
});
