import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createTenant } from '../../../test/factories.ts';
import { agentSend, portal, startChat } from '../../../test/portal.ts';
import { messages } from '../../db/schema/index.ts';

const t = useTestApp({
  portalRateLimit: { startsPerIp: 0, messagesPerIp: 0, messagesPerToken: 0, windowMs: 60_000 },
});

const SENDERS = 10;
const PER_SENDER = 20;

describe('message ordering under concurrency', () => {
  it('a poller following last_message_id sees every message exactly once, in increasing id order', async () => {
    const tenant = await createTenant(t.db);
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const where = { companyId: tenant.company.id, conversationId: chat.conversationId };

    const seen: number[] = [];
    let last: number | undefined;
    let sending = true;
    const poller = (async () => {
      for (;;) {
        const finalRound = !sending;
        const res = await portal(t.app, 'GET', '/portal/poll', {
          token: chat.token,
          query: last === undefined ? {} : { last_message_id: last },
        });
        expect(res.status).toBe(200);
        for (const m of res.body.data.messages as { message_id: number; content: string }[]) {
          expect(m.content).not.toMatch(/^note/);
          if (last !== undefined) expect(m.message_id).toBeGreaterThan(last);
          seen.push(m.message_id);
          last = m.message_id;
        }
        // After the senders finish, drain until a poll comes back empty.
        if (finalRound && res.body.data.messages.length === 0) return;
        // Yield to timers: on the in-process engine a tight loop would starve the senders.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const customers = Array.from({ length: SENDERS }, async (_, s) => {
      for (let i = 0; i < PER_SENDER; i++) {
        const res = await portal(t.app, 'POST', '/portal/messages', {
          token: chat.token,
          body: { content: `customer ${s}.${i}`, client_message_id: `c-${s}-${i}` },
        });
        expect(res.status).toBe(201);
      }
    });
    const agents = Array.from({ length: SENDERS }, async (_, s) => {
      for (let i = 0; i < PER_SENDER; i++) {
        // Every fifth agent message is an internal note, which the portal must never show.
        const isPrivate = i % 5 === 4;
        await agentSend(t.db, where, tenant.agent.id, `${isPrivate ? 'note' : 'agent'} ${s}.${i}`, {
          isPrivate,
        });
      }
    });
    await Promise.all([...customers, ...agents]);
    sending = false;
    await poller;

    const visible = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, chat.conversationId), eq(messages.isPrivate, false)))
      .orderBy(messages.id);
    const expected = 1 + SENDERS * PER_SENDER + SENDERS * (PER_SENDER - PER_SENDER / 5);
    expect(visible).toHaveLength(expected);
    expect(seen).toEqual(visible.map((r) => r.id));
  }, 120_000);
});
