import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, createTestApp, type TestContext, useTestApp } from '../../../test/app.ts';
import { dueNow } from '../../../test/automation.ts';
import { untilReadable } from '../../../test/events.ts';
import { createApp } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { consumeOnce } from '../events/consumer.ts';
import { checkBreach } from './breach-job.ts';
import { slaConsumer } from './consumer.ts';
import { SLA_BREACH_JOB, type SlaBreachCheck } from './refresh.ts';

/**
 * Missed due times (contract section 14): one `conversation.sla_breached` event per kind and conversation,
 * written by a durable job at the due time, on whichever process runs it.
 */
const t = useTestApp();
const s = before(async () => ({ a: await tenantWithSessions(t) }));

async function flushSla(on: TestContext = t) {
  await untilReadable(on.db);
  while ((await consumeOnce(on.db, slaConsumer(on.app.jobs))) > 0) {}
}

/** The breach jobs run as if their due times had come. */
async function dueTimesCome(on: TestContext = t) {
  await dueNow(on, SLA_BREACH_JOB);
  await on.app.jobs.drain(SLA_BREACH_JOB);
  await untilReadable(on.db);
}

const breaches = async (conversationId: number) => {
  const res = await t.db.execute<{ kind: string }>(sql`select data->>'kind' as kind from events
    where type = 'conversation.sla_breached' and conversation_id = ${conversationId} order by event_id`);
  return res.rows.map((r) => r.kind);
};

const summaryOf = async (conversationId: number) => {
  const res = await call(t.app, 'GET', '/conversation/poll', {
    as: s.a.as.admin,
    query: { conversation_id: conversationId, limit: 1 },
  });
  return res.body.data.conversation;
};

async function appWithPolicy(body: Record<string, unknown>) {
  const app = await createApp(t.db, s.a.company.id, {
    name: `Shop ${Math.random().toString(36).slice(2, 7)}`,
  });
  const res = await call(t.app, 'POST', '/sla-policies', {
    as: s.a.as.admin,
    body: { ...body, conditions: { app_ids: [app.id] } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return app;
}

describe('service level breaches', () => {
  it('records a missed first response once; a reply in time is no breach; the overview counts them', async () => {
    const app = await appWithPolicy({ name: 'Fast', first_response_minutes: 1 });
    const missed = await startChat(t.app, app.id);
    const answered = await startChat(t.app, app.id);
    await flushSla();
    const reply = { conversation_id: answered.conversationId, content: 'Hello, on it' };
    expect((await call(t.app, 'POST', '/messages', { as: s.a.as.admin, body: reply })).status).toBe(201);
    // The job runs before the consumer heard of the reply: the job itself checks what happened.
    await dueTimesCome();
    expect(await breaches(missed.conversationId)).toEqual(['first_response']);
    expect(await breaches(answered.conversationId)).toEqual([]);
    // Running the due jobs again, or the consumer again, records nothing more.
    await flushSla();
    await dueTimesCome();
    expect(await breaches(missed.conversationId)).toEqual(['first_response']);
    const row = await summaryOf(missed.conversationId);
    expect(row.sla.breached).toEqual(['first_response']);
    expect(row.sla.first_response_due_ts).not.toBeNull();
    expect((await summaryOf(answered.conversationId)).sla.breached).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const report = await call(t.app, 'GET', '/reporting/overview', {
      as: s.a.as.admin,
      query: { from: today, to: today, app_id: app.id },
    });
    expect(report.body.data.sla).toEqual({ conversations: 2, breached: 1, met_pct: 50 });
  });

  it('records a missed next response from the customer message after a reply, not from a note', async () => {
    const app = await appWithPolicy({ name: 'Follow-up', next_response_minutes: 1 });
    const chat = await startChat(t.app, app.id);
    const reply = { conversation_id: chat.conversationId, content: 'Which order?' };
    expect((await call(t.app, 'POST', '/messages', { as: s.a.as.admin, body: reply })).status).toBe(201);
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Order 88' } });
    await flushSla();
    const note = { conversation_id: chat.conversationId, content: 'Looking', is_private: true };
    expect((await call(t.app, 'POST', '/messages', { as: s.a.as.admin, body: note })).status).toBe(201);
    await dueTimesCome();
    expect(await breaches(chat.conversationId)).toEqual(['next_response']);
    expect((await summaryOf(chat.conversationId)).sla.breached).toEqual(['next_response']);
  });

  it('records one event when two runs of the job race', async () => {
    const app = await appWithPolicy({ name: 'Race', first_response_minutes: 1 });
    const chat = await startChat(t.app, app.id);
    await flushSla();
    const [row] = (
      await t.db.execute<{ sla_policy_id: number; due: string; created: string }>(sql`
        select sla_policy_id, to_char(sla_first_response_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
        from conversations where id = ${chat.conversationId}`)
    ).rows;
    const job: SlaBreachCheck = {
      company_id: s.a.company.id,
      conversation_id: chat.conversationId,
      kind: 'first_response',
      policy_id: Number(row!.sla_policy_id),
      due_ts: row!.due,
      from_ts: row!.created,
    };
    const runs = await Promise.all([checkBreach(t.db, job), checkBreach(t.db, job), checkBreach(t.db, job)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    await untilReadable(t.db);
    expect(await breaches(chat.conversationId)).toEqual(['first_response']);
  });

  it('records a breach queued by a process that stopped, on a process built after it', async () => {
    const app = await appWithPolicy({ name: 'Durable', first_response_minutes: 2 });
    const first = await createTestApp({}, t.database);
    let conversationId: number;
    try {
      conversationId = (await startChat(first.app, app.id)).conversationId;
      await flushSla(first);
    } finally {
      await first.app.close();
      await first.smtp.close();
    }
    const other = await createTestApp({}, t.database);
    try {
      await dueTimesCome(other);
    } finally {
      await other.app.close();
      await other.smtp.close();
    }
    expect(await breaches(conversationId)).toEqual(['first_response']);
  });
});
