import { weekHours } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.ts';
import { before, call, change, createTestApp, type Session, useTestApp } from '../../../test/app.ts';
import { dueNow } from '../../../test/automation.ts';
import { untilReadable } from '../../../test/events.ts';
import { createApp, createQueue } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { consumeOnce } from '../events/consumer.ts';
import { autoResponderConsumer, LOOP_LIMIT, WAITING_ANSWER_JOB } from './engine.ts';

/**
 * Auto-responders as a customer and an agent see them (contract section 9), on a clock the test moves:
 * Saturday 28 November 2026, 03:00 in London, to begin with.
 */
let now = new Date('2026-11-28T03:00:00Z');
const clock = () => now;
const t = useTestApp({}, clock);
const s = before(async () => {
  const a = await tenantWithSessions(t);
  const b = await tenantWithSessions(t);
  await t.db.execute(
    sql`update companies set timezone = 'Europe/London', business_hours = ${JSON.stringify({ days: weekHours('09:00', '17:00'), holidays: [] })}::jsonb where id = ${a.company.id}`,
  );
  return { a, b };
});

/** Lets the responders handle the events written so far: what the running app does. */
async function flush() {
  await untilReadable(t.db);
  while ((await consumeOnce(t.db, autoResponderConsumer(clock, t.app.jobs))) > 0) {}
  await untilReadable(t.db);
}

/** The waiting answers' jobs run as if their delay had passed; answers when each was due. */
async function waitOut() {
  const due = await dueNow(t, WAITING_ANSWER_JOB);
  await t.app.jobs.drain(WAITING_ANSWER_JOB);
  await untilReadable(t.db);
  return due;
}

const respond = (as: Session, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/auto-responders', { as, body: { app_id: s.a.app.id, ...body } });

/** A fresh app of company A with one responder, so the tests do not hear each other's. */
async function appWith(body: Record<string, unknown>) {
  const app = await createApp(t.db, s.a.company.id, {
    name: `Shop ${Math.random().toString(36).slice(2, 7)}`,
  });
  const res = await call(t.app, 'POST', '/auto-responders', {
    as: s.a.as.admin,
    body: { app_id: app.id, ...body },
  });
  expect(res.status).toBe(201);
  return { app, responder: res.body.data };
}

/** The conversation's messages as the customer's portal shows them. */
async function portalMessages(token: string) {
  const res = await portal(t.app, 'GET', '/portal/poll', { token });
  return res.body.data.messages as { sender_type: string; sender_name: string; content: string }[];
}
const autos = async (token: string) => (await portalMessages(token)).filter((m) => m.sender_type === 'auto');

describe('managing auto-responders', () => {
  it('lets app managers and admins create, list, change and delete them, with clear errors', async () => {
    const created = await respond(s.a.as.manager, {
      name: 'Greeting',
      trigger: 'conversation_started',
      message: 'Hi {{customer.name}}!',
    });
    expect(dataOf(created, 201)).toMatchObject({
      name: 'Greeting',
      queue_id: null,
      is_active: true,
      keywords: [],
    });
    const id = created.body.data.auto_responder_id;

    const listed = await call(t.app, 'GET', '/auto-responders', {
      as: s.a.as.admin,
      query: { app_id: s.a.app.id },
    });
    expect(listed.body.data.map((r: { auto_responder_id: number }) => r.auto_responder_id)).toContain(id);
    const changed = await call(t.app, 'PUT', '/auto-responders', {
      as: s.a.as.admin,
      query: { id },
      body: { is_active: false, keywords: ['Refund', 'refund'] },
    });
    expect(changed.body.data).toMatchObject({ is_active: false, keywords: ['refund'] });

    // An agent may not; another company's admin finds nothing.
    expect(
      (await respond(s.a.as.agent, { name: 'X', trigger: 'conversation_started', message: 'x' })).status,
    ).toBe(403);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(t.app, method, '/auto-responders', {
        as: s.b.as.admin,
        query: { id },
        body: {},
      });
      expect(res.status).toBe(404);
    }
    const foreignApp = await call(t.app, 'GET', '/auto-responders', {
      as: s.b.as.admin,
      query: { app_id: s.a.app.id },
    });
    expect(foreignApp.status).toBe(404);

    const errors = async (body: Record<string, unknown>) => (await respond(s.a.as.admin, body)).body.errors;
    expect(await errors({ name: 'Late', trigger: 'no_agent_reply', message: 'x' })).toEqual({
      delay_minutes: ['Give a delay of at least 1 minute'],
    });
    expect(await errors({ name: 'Words', trigger: 'keyword', keywords: [], message: 'x' })).toEqual({
      keywords: ['Give at least one keyword'],
    });
    expect(await errors({ name: ' ', trigger: 'sometimes', message: '' })).toMatchObject({
      name: ['Name is required'],
      trigger: ['Choose when the responder answers'],
      message: ['Message is required'],
    });
    const otherAppQueue = await createQueue(t.db, await createApp(t.db, s.a.company.id));
    expect(
      await errors({ name: 'Q', trigger: 'conversation_started', message: 'x', queue_id: otherAppQueue.id }),
    ).toEqual({ queue_id: ['Choose a queue of this app'] });

    expect(
      (await call(t.app, 'DELETE', '/auto-responders', { as: s.a.as.manager, query: { id } })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'DELETE', '/auto-responders', { as: s.a.as.manager, query: { id } })).status,
    ).toBe(404);
  });
});

describe('answering', () => {
  it('greets a new conversation once, as the app, with its placeholders filled, not as an agent reply', async () => {
    const { app } = await appWith({
      name: 'Greeting',
      trigger: 'conversation_started',
      message: 'Hi {{customer.name}}, thanks for writing to {{app.name}}. {{unknown.thing}}',
    });
    const chat = await startChat(t.app, app.id, { name: 'Gwen Green' });
    await flush();
    await flush();
    const said = await autos(chat.token);
    expect(said).toEqual([
      expect.objectContaining({
        sender_name: app.name,
        content: `Hi Gwen Green, thanks for writing to ${app.name}. {{unknown.thing}}`,
      }),
    ]);
    const view = await call(t.app, 'GET', '/conversation/poll', {
      as: s.a.as.admin,
      query: { conversation_id: chat.conversationId },
    });
    expect(view.body.data.conversation).toMatchObject({ status: 'open', first_reply_ts: null });
    expect(view.body.data.messages.some((m: { sender_type: string }) => m.sender_type === 'auto')).toBe(true);
  });

  it('greets a portal visitor by the name they typed, not by the stored name of the email they typed', async () => {
    const { app } = await appWith({
      name: 'Greeting',
      trigger: 'conversation_started',
      message: 'Hi {{customer.name}}!',
    });
    const email = `known${Math.random().toString(36).slice(2, 7)}@example.test`;
    await startChat(t.app, app.id, { name: 'Kim Known', email });
    const stranger = await startChat(t.app, app.id, { name: 'Stranger', email });
    await flush();
    await flush();
    expect((await autos(stranger.token)).map((m) => m.content)).toEqual(['Hi Stranger!']);
  });

  it('answers outside business hours once per closed spell, naming the next opening', async () => {
    const { app } = await appWith({
      name: 'Closed',
      trigger: 'outside_business_hours',
      message: 'We are closed. We open {{business_hours.next_open}}.',
    });
    now = new Date('2026-11-28T03:00:00Z'); // Saturday night
    const chat = await startChat(t.app, app.id, { message: 'Hello?' });
    await portal(t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Anyone there?' },
    });
    await flush();
    expect((await autos(chat.token)).map((m) => m.content)).toEqual([
      'We are closed. We open Monday 30 November at 09:00.',
    ]);
    now = new Date('2026-11-30T10:00:00Z'); // Monday, open
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Good morning' } });
    await flush();
    expect(await autos(chat.token)).toHaveLength(1);
    now = new Date('2026-11-30T19:00:00Z'); // Monday evening: a new closed spell
    await portal(t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Still waiting' },
    });
    await flush();
    expect((await autos(chat.token)).map((m) => m.content)).toEqual([
      'We are closed. We open Monday 30 November at 09:00.',
      'We are closed. We open Tuesday 1 December at 09:00.',
    ]);
  });

  it('answers a wait with no agent reply after its delay, and not when an agent answered in time', async () => {
    const { app } = await appWith({
      name: 'Patience',
      trigger: 'no_agent_reply',
      delay_minutes: 5,
      message: 'Thanks for waiting, {{customer.name}}: an agent will be with you shortly.',
    });
    now = new Date('2026-11-30T10:00:00Z');
    const waiting = await startChat(t.app, app.id, { name: 'Walt Wait' });
    const answered = await startChat(t.app, app.id, { name: 'Ana Answered' });
    const queuedAt = Date.now();
    await flush();
    // Nothing yet: each wait is a job due five minutes on.
    await t.app.jobs.drain(WAITING_ANSWER_JOB);
    expect(await autos(waiting.token)).toEqual([]);
    const reply = await call(t.app, 'POST', '/messages', {
      as: s.a.as.admin,
      body: { conversation_id: answered.conversationId, content: 'Hello Ana!' },
    });
    expect(reply.status).toBe(201);
    await flush();
    now = new Date('2026-11-30T10:06:00Z');
    const due = await waitOut();
    expect(due).toHaveLength(2);
    for (const at of due) {
      expect(at.getTime() - queuedAt).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
      expect(at.getTime() - queuedAt).toBeLessThan(5 * 60_000 + 30_000);
    }
    expect((await autos(waiting.token)).map((m) => m.content)).toEqual([
      'Thanks for waiting, Walt Wait: an agent will be with you shortly.',
    ]);
    expect(await autos(answered.token)).toEqual([]);
    // Sent once: nothing is left waiting.
    expect(await waitOut()).toEqual([]);
    expect(await autos(waiting.token)).toHaveLength(1);
  });

  it('stays silent when an agent replied before the delay, even if the job runs before the reply is read', async () => {
    const { app } = await appWith({
      name: 'Patience',
      trigger: 'no_agent_reply',
      delay_minutes: 1,
      message: 'Hold on.',
    });
    now = new Date('2026-11-30T12:00:00Z');
    const chat = await startChat(t.app, app.id, { name: 'Quick Quentin' });
    await flush();
    const reply = await call(t.app, 'POST', '/messages', {
      as: s.a.as.admin,
      body: { conversation_id: chat.conversationId, content: 'Here already.' },
    });
    expect(reply.status).toBe(201);
    // No flush: the consumer has not cancelled the wait, the job itself sees the reply.
    expect(await waitOut()).toHaveLength(1);
    await flush();
    expect(await autos(chat.token)).toEqual([]);
  });

  it('answers keywords as whole words in any case, and stops a loop after a few automatic messages', async () => {
    const { app } = await appWith({
      name: 'Refunds',
      trigger: 'keyword',
      keywords: ['refund', 'money back'],
      message: 'Refunds take 5 working days.',
    });
    const chat = await startChat(t.app, app.id, { message: 'Were you refunded already?' });
    await flush();
    expect(await autos(chat.token)).toEqual([]);
    for (const content of [
      'I want a REFUND!',
      'Can I get my Money  Back',
      'money back, please',
      'refund?',
      'REFUND',
    ]) {
      await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content } });
      await flush();
    }
    // "Money  Back" with two spaces is not the phrase; of the other four, the guard lets three through.
    expect(await autos(chat.token)).toHaveLength(LOOP_LIMIT);
  });

  it('keeps to its queue, and stays silent while switched off', async () => {
    const { app, responder } = await appWith({
      name: 'Queue greeting',
      trigger: 'conversation_started',
      message: 'Welcome to {{queue.name}}.',
    });
    const vip = await createQueue(t.db, app, { name: 'VIP' });
    const other = await createQueue(t.db, app, { name: 'General' });
    await change(t.app, '/auto-responders', s.a.as.admin, responder.auto_responder_id, { queue_id: vip.id });
    const inVip = await startChat(t.app, app.id, { queueId: vip.id });
    const elsewhere = await startChat(t.app, app.id, { queueId: other.id });
    await flush();
    expect((await autos(inVip.token)).map((m) => m.content)).toEqual(['Welcome to VIP.']);
    expect(await autos(elsewhere.token)).toEqual([]);
    await change(t.app, '/auto-responders', s.a.as.admin, responder.auto_responder_id, { is_active: false });
    const later = await startChat(t.app, app.id, { queueId: vip.id });
    await flush();
    expect(await autos(later.token)).toEqual([]);
  });
});

describe('history', () => {
  it('does not answer what happened before the responder was made', async () => {
    const app = await createApp(t.db, s.a.company.id, { name: 'Old Shop' });
    const before = await startChat(t.app, app.id, { name: 'Early Bird' });
    const made = await call(t.app, 'POST', '/auto-responders', {
      as: s.a.as.admin,
      body: { app_id: app.id, name: 'Hello', trigger: 'conversation_started', message: 'Hello!' },
    });
    expect(made.status).toBe(201);
    const after = await startChat(t.app, app.id, { name: 'Late Comer' });
    await flush();
    expect(await autos(before.token)).toEqual([]);
    expect((await autos(after.token)).map((m) => m.content)).toEqual(['Hello!']);
  });
});

describe('durability', () => {
  it('sends a waiting answer once after a restart, from a process started later on the same database', async () => {
    const { app } = await appWith({
      name: 'Patience',
      trigger: 'no_agent_reply',
      delay_minutes: 10,
      message: 'Still with you, {{customer.name}}.',
    });
    now = new Date('2026-12-01T10:00:00Z');
    const first = await createTestApp({}, t.database, clock);
    let chat: Awaited<ReturnType<typeof startChat>>;
    try {
      await untilReadable(first.db);
      const [from] = (
        await t.db.execute<{ last: number }>(
          sql`select last_event_id as last from event_consumers where name = 'auto-responders'`,
        )
      ).rows;
      chat = await startChat(first.app, app.id, { name: 'Rhea Restart' });
      await untilReadable(first.db);
      while ((await consumeOnce(first.db, autoResponderConsumer(clock, first.app.jobs))) > 0) {}
      // Repeating the batch (a crash before the position moved) queues nothing more.
      await t.db.execute(
        sql`update event_consumers set last_event_id = ${from?.last ?? 0} where name = 'auto-responders'`,
      );
      while ((await consumeOnce(first.db, autoResponderConsumer(clock, first.app.jobs))) > 0) {}
    } finally {
      await first.app.close();
      await first.smtp.close();
    }
    // A process started after the first one stopped sends it, through its own workers: the answer is a job
    // in the database, not a timer in the process that queued it.
    const other = await createTestApp({}, t.database, clock);
    try {
      now = new Date('2026-12-01T10:11:00Z');
      expect(await dueNow(other, WAITING_ANSWER_JOB)).toHaveLength(1);
      await expect
        .poll(async () => (await autos(chat.token)).length, { timeout: 15_000, interval: 100 })
        .toBe(1);
      await other.app.jobs.drain(WAITING_ANSWER_JOB);
      expect((await autos(chat.token)).map((m) => m.content)).toEqual(['Still with you, Rhea Restart.']);
    } finally {
      await other.app.close();
      await other.smtp.close();
    }
  });
});
