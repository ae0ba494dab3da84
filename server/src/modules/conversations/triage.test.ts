import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, createTestApp, type Session, useTestApp } from '../../../test/app.ts';
import { dueNow } from '../../../test/automation.ts';
import { consoleThread, conversationOfExternal } from '../../../test/channels.ts';
import { addMailbox } from '../../../test/integrations.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { SNOOZE_WAKE_JOB } from './snooze-job.ts';

/**
 * Contract section 13: priority, snooze and the waiting time, as the console and the portal see them: the
 * answers, the thread's lines, the events, and the list that leaves snoozed conversations out.
 */
const t = useTestApp({
  smtpListenPort: 0,
  portalRateLimit: { startsPerIp: 10_000, messagesPerIp: 10_000, messagesPerToken: 10_000, windowMs: 60_000 },
});
const SUPPORT = 'support@triage.test';

const w = before(async () => {
  const a = await tenantWithSessions(t);
  const b = await tenantWithSessions(t);
  await addMailbox(t, a.as.admin, { appId: a.app.id, queueId: a.queue.id, address: SUPPORT });
  return { a, b };
});

const as =
  (s: Session) =>
  (
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; query?: Record<string, string | number> } = {},
  ) =>
    call(t.app, method, path, { as: s, ...opts });
const admin = () => as(w.a.as.admin);
const agent = () => as(w.a.as.agent);

const chat = (name: string) => startChat(t.app, w.a.app.id, { queueId: w.a.queue.id, name });

const eventsOf = async (conversationId: number, type: string) =>
  (
    await t.db.execute<{ data: Record<string, unknown> }>(
      sql`select data from events where conversation_id = ${conversationId} and type = ${type} order by event_id`,
    )
  ).rows.map((r) => r.data);

const lines = async (conversationId: number) =>
  (await consoleThread(t, w.a.as.admin, conversationId)).map((m) => m.content);

type Row = {
  conversation_id: number;
  status: string;
  priority: string | null;
  waiting_since_ts: string | null;
  snoozed_until_ts: string | null;
};
const list = async (query: Record<string, string | number> = {}) =>
  dataOf(await admin()('GET', '/conversation/poll', { query: { limit: 100, app_id: w.a.app.id, ...query } }))
    .conversations as Row[];
const ids = (rows: Row[]) => rows.map((r) => r.conversation_id);
const conversation = async (id: number) =>
  dataOf(await admin()('GET', '/conversation/poll', { query: { conversation_id: id, limit: 1 } }))
    .conversation;

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe('POST /conversation/priority', () => {
  it('sets and clears a priority with a system line and a conversation.priority_changed event each', async () => {
    const c = await chat('Pria Priority');
    const set = dataOf(
      await agent()('POST', '/conversation/priority', {
        body: { conversation_id: c.conversationId, priority: 'urgent' },
      }),
    );
    expect(set).toMatchObject({ conversation_id: c.conversationId, priority: 'urgent' });
    // The same priority again changes nothing: no second line, no second event.
    await agent()('POST', '/conversation/priority', {
      body: { conversation_id: c.conversationId, priority: 'urgent' },
    });
    const cleared = dataOf(
      await admin()('POST', '/conversation/priority', {
        body: { conversation_id: c.conversationId, priority: null },
      }),
    );
    expect(cleared.priority).toBeNull();
    const thread = await lines(c.conversationId);
    expect(thread.filter((l) => l.startsWith('Priority'))).toEqual([
      `Priority set to Urgent by ${w.a.agent.name}`,
      `Priority cleared by ${w.a.admin.name}`,
    ]);
    const events = await eventsOf(c.conversationId, 'conversation.priority_changed');
    expect(events).toMatchObject([
      { from: null, to: 'urgent', conversation: { priority: 'urgent' } },
      { from: 'urgent', to: null, conversation: { priority: null } },
    ]);
  });

  it('answers 422 for an unknown priority and 404 for another company, changing nothing', async () => {
    const c = await chat('Wrong Priority');
    const bad = await agent()('POST', '/conversation/priority', {
      body: { conversation_id: c.conversationId, priority: 'whenever' },
    });
    expect(fieldErrorsOf(bad).priority).toBeDefined();
    const foreign = await as(w.b.as.admin)('POST', '/conversation/priority', {
      body: { conversation_id: c.conversationId, priority: 'high' },
    });
    expect(errorOf(foreign, 404).code).toBe('NOT_FOUND');
    expect((await conversation(c.conversationId)).priority).toBeNull();
  });

  it('filters the list by priority (comma-separated, and none) and shows priority on each row', async () => {
    const [u, h, l] = [await chat('Filter Urgent'), await chat('Filter High'), await chat('Filter Low')];
    for (const [c, priority] of [
      [u, 'urgent'],
      [h, 'high'],
      [l, 'low'],
    ] as const) {
      await admin()('POST', '/conversation/priority', {
        body: { conversation_id: c.conversationId, priority },
      });
    }
    const pressing = await list({ priority: 'urgent,high' });
    expect(ids(pressing)).toContain(u.conversationId);
    expect(ids(pressing)).toContain(h.conversationId);
    expect(ids(pressing)).not.toContain(l.conversationId);
    expect(pressing.every((r) => r.priority === 'urgent' || r.priority === 'high')).toBe(true);
    const none = await list({ priority: 'none' });
    expect(none.every((r) => r.priority === null)).toBe(true);
    expect(ids(none)).not.toContain(l.conversationId);
    expect(
      fieldErrorsOf(await admin()('GET', '/conversation/poll', { query: { priority: 'soon' } })).priority,
    ).toBeDefined();
  });
});

describe('POST /conversation/snooze', () => {
  it('snoozes until a time: left out of the list, listed with status=snoozed, answered by id, shown open in the portal', async () => {
    const c = await chat('Sam Snooze');
    const countsBefore = dataOf(
      await admin()('GET', '/dashboards', { query: { app_id: w.a.app.id } }),
    ).counts;
    const until = inAnHour();
    const snoozed = dataOf(
      await agent()('POST', '/conversation/snooze', {
        body: { conversation_id: c.conversationId, until_ts: until },
      }),
    );
    expect(snoozed).toMatchObject({ status: 'snoozed', snoozed_until_ts: until });
    expect(ids(await list())).not.toContain(c.conversationId);
    expect(ids(await list({ status: 'snoozed' }))).toContain(c.conversationId);
    expect((await conversation(c.conversationId)).status).toBe('snoozed');
    const seen = await portal(t.app, 'GET', '/portal/conversation', { token: c.token, inQuery: true });
    expect(seen.body.data.conversation.status).toBe('open');
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: c.token, inQuery: true });
    expect(polled.body.data.conversation_status).toBe('open');
    expect(await eventsOf(c.conversationId, 'conversation.snoozed')).toMatchObject([
      { until_ts: until, from: 'open', conversation: { status: 'snoozed' } },
    ]);
    expect((await lines(c.conversationId)).at(-1)).toMatch(
      new RegExp(`^Snoozed until .+ by ${w.a.agent.name}$`),
    );
    // The dashboard's counts keep their definitions: a snoozed conversation is not open, nor resolved.
    const counts = dataOf(await admin()('GET', '/dashboards', { query: { app_id: w.a.app.id } })).counts;
    expect(counts).toMatchObject({
      open: countsBefore.open - 1,
      resolved_today: countsBefore.resolved_today,
    });
  });

  it('answers 422 for a time in the past and 404 for another company, changing nothing', async () => {
    const c = await chat('Past Snooze');
    const past = await agent()('POST', '/conversation/snooze', {
      body: { conversation_id: c.conversationId, until_ts: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(fieldErrorsOf(past).until_ts).toEqual(['Snooze until a time in the future']);
    const foreign = await as(w.b.as.admin)('POST', '/conversation/snooze', {
      body: { conversation_id: c.conversationId, until_ts: inAnHour() },
    });
    expect(errorOf(foreign, 404).code).toBe('NOT_FOUND');
    expect((await conversation(c.conversationId)).status).toBe('open');
  });

  it('wakes by time exactly once, through the job, even after a re-snooze left an older job behind', async () => {
    const c = await chat('Tess Time');
    await agent()('POST', '/conversation/snooze', {
      body: { conversation_id: c.conversationId, until_ts: inAnHour() },
    });
    // Snoozed again to another time: the first snooze's job must find nothing to do.
    const later = new Date(Date.now() + 7200_000).toISOString();
    await agent()('POST', '/conversation/snooze', {
      body: { conversation_id: c.conversationId, until_ts: later },
    });
    expect((await dueNow(t, SNOOZE_WAKE_JOB)).length).toBeGreaterThanOrEqual(2);
    await t.app.jobs.drain(SNOOZE_WAKE_JOB);
    await t.app.jobs.drain(SNOOZE_WAKE_JOB);
    const woke = await conversation(c.conversationId);
    expect(woke).toMatchObject({ status: 'open', snoozed_until_ts: null });
    expect((await lines(c.conversationId)).filter((l) => l === 'Snooze ended')).toHaveLength(1);
    expect(ids(await list())).toContain(c.conversationId);
    expect(await eventsOf(c.conversationId, 'conversation.status_changed')).toMatchObject([
      { from: 'open', to: 'snoozed' },
      { from: 'snoozed', to: 'open' },
    ]);
  });

  it('wakes once across a restart and with two app instances on one database', async () => {
    const c = await chat('Rhea Restart');
    const first = await createTestApp({}, t.database);
    try {
      const res = await call(first.app, 'POST', '/conversation/snooze', {
        as: w.a.as.agent,
        body: { conversation_id: c.conversationId, until_ts: inAnHour() },
      });
      expect(res.status).toBe(200);
    } finally {
      await first.app.close();
      await first.smtp.close();
    }
    // Two processes started later both work the queue: the wake happens once.
    const second = await createTestApp({}, t.database);
    const third = await createTestApp({}, t.database);
    try {
      expect(await dueNow(second, SNOOZE_WAKE_JOB)).toHaveLength(1);
      await Promise.all([second.app.jobs.drain(SNOOZE_WAKE_JOB), third.app.jobs.drain(SNOOZE_WAKE_JOB)]);
    } finally {
      for (const x of [second, third]) {
        await x.app.close();
        await x.smtp.close();
      }
    }
    expect((await conversation(c.conversationId)).status).toBe('open');
    expect((await lines(c.conversationId)).filter((l) => l === 'Snooze ended')).toHaveLength(1);
  });

  it('wakes when the customer writes in the portal: "Snooze ended" before the message, and its job then does nothing', async () => {
    const c = await chat('Polly Portal');
    const snoozed = dataOf(
      await agent()('POST', '/conversation/snooze', {
        body: { conversation_id: c.conversationId, until_ts: inAnHour() },
      }),
    );
    expect(snoozed.status).toBe('snoozed');
    const sent = await portal(t.app, 'POST', '/portal/messages', {
      token: c.token,
      body: { content: 'Any news?' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await conversation(c.conversationId)).toMatchObject({ status: 'open', snoozed_until_ts: null });
    expect((await lines(c.conversationId)).slice(-2)).toEqual(['Snooze ended', 'Any news?']);
    await dueNow(t, SNOOZE_WAKE_JOB);
    await t.app.jobs.drain(SNOOZE_WAKE_JOB);
    expect((await lines(c.conversationId)).filter((l) => l === 'Snooze ended')).toHaveLength(1);
  });

  it('snoozed until the customer replies (until_ts null) wakes on a mail into the conversation', async () => {
    const send = (messageId: string, text: string, extra: Record<string, string> = {}) =>
      nodemailer
        .createTransport({
          host: '127.0.0.1',
          port: t.app.emailListener!.port!,
          secure: false,
          ignoreTLS: true,
        })
        .sendMail({
          from: 'Mo Mailer <mo@example.com>',
          to: SUPPORT,
          subject: 'Lamp',
          text,
          messageId,
          ...extra,
        });
    await send('<first@triage.test>', 'My lamp arrived broken.');
    const id = await conversationOfExternal(t, '<first@triage.test>');
    const snoozed = dataOf(
      await admin()('POST', '/conversation/snooze', { body: { conversation_id: id, until_ts: null } }),
    );
    expect(snoozed).toMatchObject({ status: 'snoozed', snoozed_until_ts: null });
    expect((await lines(id)).at(-1)).toBe(`Snoozed until the customer replies by ${w.a.admin.name}`);
    await send('<second@triage.test>', 'Any news about the lamp?', { inReplyTo: '<first@triage.test>' });
    expect(await conversationOfExternal(t, '<second@triage.test>')).toBe(id);
    expect(await conversation(id)).toMatchObject({ status: 'open', snoozed_until_ts: null });
    expect((await lines(id)).slice(-2)).toEqual(['Snooze ended', 'Any news about the lamp?']);
  });
});

describe('waiting_since_ts', () => {
  it('is set by the oldest unanswered customer message, kept by notes, and cleared by an agent reply', async () => {
    const c = await chat('Wanda Waiting');
    const first = (await conversation(c.conversationId)).waiting_since_ts as string;
    expect(first).not.toBeNull();
    await portal(t.app, 'POST', '/portal/messages', { token: c.token, body: { content: 'Hello?' } });
    await agent()('POST', '/messages', {
      body: { conversation_id: c.conversationId, content: 'note', is_private: true },
    });
    const row = (await list()).find((r) => r.conversation_id === c.conversationId);
    expect(row?.waiting_since_ts).toBe(first);
    await agent()('POST', '/messages', { body: { conversation_id: c.conversationId, content: 'On it' } });
    expect((await conversation(c.conversationId)).waiting_since_ts).toBeNull();
    await portal(t.app, 'POST', '/portal/messages', { token: c.token, body: { content: 'Thanks, and?' } });
    const again = (await conversation(c.conversationId)).waiting_since_ts as string;
    expect(Date.parse(again)).toBeGreaterThan(Date.parse(first));
  });
});
