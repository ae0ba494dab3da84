import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { createInbox, type Inbox } from '../../../test/conversations.ts';
import { createMessages } from '../../../test/factories.ts';
import { portal } from '../../../test/portal.ts';

let x: Inbox;
beforeAll(async () => {
  x = await createInbox();
});
afterAll(() => x.t.close());

type Msg = { message_id: number; content: string; is_private: boolean };
type Answer = { messages?: Msg[]; has_older_messages?: boolean };

const pollAs = (who: keyof Inbox['sessions'], query: Record<string, string | number>) =>
  x.as(x.sessions[who])('GET', '/conversation/poll', { query });
const thread = async (query: Record<string, string | number>) => {
  const res = await pollAs('agent', query);
  expect(res.status).toBe(200);
  return res.body.data as Answer;
};
const contents = (a: Answer) => a.messages!.map((m) => m.content);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Message ${from + i}`);

/** A chat whose first message is 'Message 1', then 'Message 2'..`total`; every tenth one an internal note. */
async function longChat(total: number) {
  const chat = await x.chat({ name: `Long ${total}`, message: 'Message 1' });
  await createMessages(
    x.t.db,
    { id: chat.conversationId, companyId: x.company.id },
    numbered(2, total).map((content, i) =>
      (i + 2) % 10 === 0
        ? { content, senderType: 'agent', senderUserId: x.users.agent.id, isPrivate: true }
        : { content },
    ),
  );
  return chat;
}

describe('scrolling back through a long conversation', () => {
  it('pages 120 messages as 50, 50 and 20, oldest first, notes included, then says none are left', async () => {
    const chat = await longChat(120);
    const id = chat.conversationId;

    const latest = await thread({ conversation_id: id });
    expect(contents(latest)).toEqual(numbered(71, 120));
    expect(latest.has_older_messages).toBe(true);
    expect(latest.messages!.filter((m) => m.is_private).map((m) => m.content)).toEqual(
      ['80', '90', '100', '110', '120'].map((n) => `Message ${n}`),
    );

    const middle = await thread({ conversation_id: id, before_message_id: latest.messages![0]!.message_id });
    expect(contents(middle)).toEqual(numbered(21, 70));
    expect(middle.has_older_messages).toBe(true);

    const oldest = await thread({ conversation_id: id, before_message_id: middle.messages![0]!.message_id });
    expect(contents(oldest)).toEqual(numbered(1, 20));
    expect(oldest.has_older_messages).toBe(false);
    expect(oldest.messages!.filter((m) => m.is_private).map((m) => m.content)).toEqual([
      'Message 10',
      'Message 20',
    ]);

    const all = [...oldest.messages!, ...middle.messages!, ...latest.messages!].map((m) => m.message_id);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set(all).size).toBe(120);

    const beforeFirst = await thread({ conversation_id: id, before_message_id: all[0]! });
    expect(beforeFirst).toMatchObject({ messages: [], has_older_messages: false });
    // New messages are a poll's business, and it does not answer the flag.
    const after = await thread({ conversation_id: id, last_message_id: all[100]! });
    expect(after.messages).toHaveLength(19);
    expect(after.has_older_messages).toBeUndefined();
  });

  it('flags older messages from 51 on, not at exactly 50', async () => {
    const fifty = await longChat(50);
    const first = await thread({ conversation_id: fifty.conversationId });
    expect(first.messages).toHaveLength(50);
    expect(first.has_older_messages).toBe(false);

    const fiftyOne = await longChat(51);
    const next = await thread({ conversation_id: fiftyOne.conversationId });
    expect(contents(next)).toEqual(numbered(2, 51));
    expect(next.has_older_messages).toBe(true);
  });

  it('leaves the portal’s poll as it was: the latest 50 without notes, no flag', async () => {
    const chat = await longChat(120);
    const res = await portal(x.t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(res.status).toBe(200);
    // `rating_request` joined the poll with satisfaction ratings (contract section 14); no paging flag did.
    expect(Object.keys(res.body.data).sort()).toEqual([
      'conversation_status',
      'is_agent_typing',
      'messages',
      'rating_request',
      'session_expires_ts',
    ]);
    expect(res.body.data.rating_request).toBeNull();
    const shown = res.body.data.messages as { content: string }[];
    expect(shown).toHaveLength(50);
    expect(shown.some((m) => /0$/.test(m.content))).toBe(false);
    expect(shown.at(-1)!.content).toBe('Message 119');
  });

  it('answers 404 for a conversation of another company, before or not', async () => {
    const chat = await longChat(60);
    const { messages } = await thread({ conversation_id: chat.conversationId });
    const queries: Record<string, number>[] = [
      { conversation_id: chat.conversationId },
      { conversation_id: chat.conversationId, before_message_id: messages![0]!.message_id },
    ];
    for (const query of queries) {
      const res = await pollAs('stranger', query);
      expect(res.status).toBe(404);
      expect(res.body.data).toBeUndefined();
    }
  });

  it('refuses before_message_id with last_message_id, or without conversation_id (422)', async () => {
    const chat = await longChat(3);
    const both = await pollAs('agent', {
      conversation_id: chat.conversationId,
      last_message_id: 1,
      before_message_id: 10,
    });
    expect(fieldErrorsOf(both)).toEqual({ before_message_id: [expect.any(String)] });
    const alone = await pollAs('agent', { before_message_id: 10 });
    expect(alone.status).toBe(422);
    expect(Object.keys(alone.body.errors)).toEqual(['before_message_id']);
    const empty = await pollAs('agent', { conversation_id: chat.conversationId, before_message_id: '' });
    expect(empty.status).toBe(200);
  });
});
