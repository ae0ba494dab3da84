import { weekHours } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import { untilReadable } from '../../../test/events.ts';
import { createApp } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { consumeOnce } from '../events/consumer.ts';
import { slaConsumer } from './consumer.ts';

/**
 * Service levels on conversations as the console reads them (contract section 14): the policy chosen at the
 * start and on a change, and the clocks each reply, customer message and resolve starts or stops.
 */
const t = useTestApp();
const s = before(async () => ({ a: await tenantWithSessions(t) }));

const MIN = 60_000;

/** Lets the SLA consumer handle the events so far: what the running app does within a moment. */
async function flushSla() {
  await untilReadable(t.db);
  while ((await consumeOnce(t.db, slaConsumer(t.app.jobs))) > 0) {}
}

const open = async (id: number, as: Session = s.a.as.admin) => {
  const res = await call(t.app, 'GET', '/conversation/poll', {
    as,
    query: { conversation_id: id, limit: 1 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.conversation;
};

async function appWithPolicy(body: Record<string, unknown>) {
  const app = await createApp(t.db, s.a.company.id, {
    name: `Shop ${Math.random().toString(36).slice(2, 7)}`,
  });
  const res = await call(t.app, 'POST', '/sla-policies', {
    as: s.a.as.admin,
    body: { ...body, conditions: { app_ids: [app.id], ...((body.conditions as object) ?? {}) } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { app, policy: res.body.data };
}

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MIN).toISOString();

describe('service level clocks', () => {
  it('runs the first response and resolution from the start, and the next response from a later customer message', async () => {
    const { app, policy } = await appWithPolicy({
      name: 'Standard',
      first_response_minutes: 30,
      next_response_minutes: 60,
      resolution_minutes: 480,
    });
    const chat = await startChat(t.app, app.id);
    await flushSla();
    const started = await open(chat.conversationId);
    expect(started.sla).toEqual({
      sla_policy_id: policy.sla_policy_id,
      name: 'Standard',
      first_response_due_ts: plus(started.created_ts, 30),
      next_response_due_ts: null,
      resolution_due_ts: plus(started.created_ts, 480),
      breached: [],
    });
    // A note is no response: the first response clock keeps running.
    const note = { conversation_id: chat.conversationId, content: 'Checking', is_private: true };
    expect((await call(t.app, 'POST', '/messages', { as: s.a.as.admin, body: note })).status).toBe(201);
    await flushSla();
    expect((await open(chat.conversationId)).sla.first_response_due_ts).toBe(plus(started.created_ts, 30));
    const reply = { conversation_id: chat.conversationId, content: 'On it' };
    expect((await call(t.app, 'POST', '/messages', { as: s.a.as.admin, body: reply })).status).toBe(201);
    await flushSla();
    expect((await open(chat.conversationId)).sla).toMatchObject({
      first_response_due_ts: null,
      next_response_due_ts: null,
      resolution_due_ts: plus(started.created_ts, 480),
    });
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Any news?' } });
    await flushSla();
    const waiting = await open(chat.conversationId);
    expect(waiting.sla.next_response_due_ts).toBe(plus(waiting.waiting_since_ts, 60));
    // The list row carries the same.
    const list = await call(t.app, 'GET', '/conversation/poll', {
      as: s.a.as.admin,
      query: { app_id: app.id },
    });
    expect(list.body.data.conversations[0].sla).toEqual(waiting.sla);
    const resolved = await call(t.app, 'POST', '/conversation/resolve', {
      as: s.a.as.admin,
      body: { conversation_id: chat.conversationId },
    });
    expect(resolved.status).toBe(200);
    await flushSla();
    expect((await open(chat.conversationId)).sla).toMatchObject({
      first_response_due_ts: null,
      next_response_due_ts: null,
      resolution_due_ts: null,
    });
  });

  it('applies the first matching policy by position, chosen again when the priority changes', async () => {
    const { app, policy: standard } = await appWithPolicy({ name: 'Any', first_response_minutes: 240 });
    const urgent = await call(t.app, 'POST', '/sla-policies', {
      as: s.a.as.admin,
      body: {
        name: 'Urgent',
        first_response_minutes: 15,
        position: 1,
        conditions: { app_ids: [app.id], priorities: ['urgent'] },
      },
    });
    const chat = await startChat(t.app, app.id);
    await flushSla();
    const before = await open(chat.conversationId);
    expect(before.sla.sla_policy_id).toBe(standard.sla_policy_id);
    const res = await call(t.app, 'POST', '/conversation/priority', {
      as: s.a.as.admin,
      body: { conversation_id: chat.conversationId, priority: 'urgent' },
    });
    expect(res.status).toBe(200);
    await flushSla();
    const after = await open(chat.conversationId);
    expect(after.sla).toMatchObject({
      sla_policy_id: urgent.body.data.sla_policy_id,
      name: 'Urgent',
      first_response_due_ts: plus(before.created_ts, 15),
    });
    // A conversation no policy matches has none.
    const other = await createApp(t.db, s.a.company.id, { name: 'Unpromised' });
    const plain = await startChat(t.app, other.id);
    await flushSla();
    // Policies of the first test match only their own apps; none matches this one.
    expect((await open(plain.conversationId)).sla).toBeNull();
  });

  it('counts only business hours for a policy that says so, and snoozing does not stop the clock', async () => {
    await t.db.execute(
      sql`update companies set timezone = 'Europe/London', business_hours = ${JSON.stringify({ days: weekHours('09:00', '17:00'), holidays: [] })}::jsonb where id = ${s.a.company.id}`,
    );
    const { app } = await appWithPolicy({
      name: 'Office',
      first_response_minutes: 60,
      business_hours_only: true,
    });
    const chat = await startChat(t.app, app.id);
    // Started on Saturday 28 November 2026 at 03:00 in London: the hour runs Monday from 09:00.
    await t.db.execute(
      sql`update conversations set created_at = '2026-11-28T03:00:00Z' where id = ${chat.conversationId}`,
    );
    await call(t.app, 'POST', '/conversation/snooze', {
      as: s.a.as.admin,
      body: {
        conversation_id: chat.conversationId,
        until_ts: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    await call(t.app, 'POST', '/conversation/priority', {
      as: s.a.as.admin,
      body: { conversation_id: chat.conversationId, priority: 'low' },
    });
    await flushSla();
    const c = await open(chat.conversationId);
    expect(c.status).toBe('snoozed');
    expect(c.sla.first_response_due_ts).toBe('2026-11-30T10:00:00.000Z');
  });

  it('sorts the list by the soonest due time and filters the breached and the due soon', async () => {
    const { app } = await appWithPolicy({
      name: 'Tiered',
      first_response_minutes: 30,
      resolution_minutes: 240,
    });
    const chats = [];
    for (let i = 0; i < 4; i++) chats.push(await startChat(t.app, app.id));
    const [late, soon, later, answered] = chats.map((c) => c.conversationId) as [
      number,
      number,
      number,
      number,
    ];
    // Started two hours ago: its first response was due an hour and a half ago (recomputed on a change).
    await t.db.execute(
      sql`update conversations set created_at = now() - interval '2 hours' where id = ${late}`,
    );
    await call(t.app, 'POST', '/conversation/priority', {
      as: s.a.as.admin,
      body: { conversation_id: late, priority: 'high' },
    });
    // Started 3 h 50 min ago and answered: only its resolution runs, due in 10 minutes.
    await t.db.execute(
      sql`update conversations set created_at = now() - interval '230 minutes' where id = ${answered}`,
    );
    await call(t.app, 'POST', '/messages', {
      as: s.a.as.admin,
      body: { conversation_id: answered, content: 'Done soon' },
    });
    // Started 2 hours ahead of the others (due in 2 h 30 min).
    await t.db.execute(
      sql`update conversations set created_at = now() + interval '2 hours' where id = ${later}`,
    );
    await call(t.app, 'POST', '/conversation/priority', {
      as: s.a.as.admin,
      body: { conversation_id: later, priority: 'low' },
    });
    await flushSla();
    const ids = async (query: Record<string, string | number>) => {
      const res = await call(t.app, 'GET', '/conversation/poll', {
        as: s.a.as.admin,
        query: { app_id: app.id, ...query },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return {
        ids: res.body.data.conversations.map((c: { conversation_id: number }) => c.conversation_id),
        next: res.body.data.next_cursor as string | undefined,
        total: res.body.data.total as number,
      };
    };
    expect((await ids({ sort: 'sla' })).ids).toEqual([late, answered, soon, later]);
    const first = await ids({ sort: 'sla', limit: 2 });
    expect(first.ids).toEqual([late, answered]);
    const next = await ids({ sort: 'sla', limit: 2, offset: 2, after: first.next! });
    expect(next.ids).toEqual([soon, later]);
    expect(await ids({ sla: 'breached' })).toMatchObject({ ids: [late], total: 1 });
    const dueSoon = await ids({ sla: 'due_soon', sort: 'sla' });
    expect(dueSoon).toMatchObject({ ids: [answered, soon], total: 2 });
    const wrong = await call(t.app, 'GET', '/conversation/poll', {
      as: s.a.as.admin,
      query: { sla: 'late' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ sla: ['SLA must be breached or due_soon'] });
  });
});
