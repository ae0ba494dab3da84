import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { call, type Session, useTestApp } from '../../../test/app.ts';
import { untilReadable } from '../../../test/events.ts';
import * as make from '../../../test/factories.ts';
import { startChat } from '../../../test/portal.ts';
import { signIn, type TenantWithSessions, tenantWithSessions } from '../../../test/tenants.ts';
import { appendMessage } from '../conversations/append.ts';
import { metricsFor } from './metrics.ts';

/**
 * A known workload played through the API, its events moved to chosen times (the product's clock), then
 * the reporting numbers compared with what was worked out by hand from that workload (contract section 11).
 *
 * Day 1 (2026-03-02, a Monday), times UTC:
 * - #1 starts 09:00; Sam replies 09:10 (first response 600 s, assigned to Sam on replying), writes a note
 *   09:11, an automatic message goes out 09:12; Sam resolves 10:00 (3,600 s). The customer's chat is
 *   reopened 11:00 and Lee resolves it on day 2 at 08:00 (82,800 s: resolutions count each time).
 * - #2 starts 12:00; Lee replies 12:30 (1,800 s, assigned to Lee), assigns it to Sam 12:40, Sam replies
 *   12:45 (not a first response), Sam resolves 13:00 (3,600 s).
 * Day 2: #3 starts 10:00 and gets no answer.
 */
const t = useTestApp();
let a: TenantWithSessions;
let sam: Session;
let lee: Session;
let samId: number;
let leeId: number;
/** The workload's conversations #1, #2, #3. */
let convs: number[] = [];

/** Everything the last step wrote to the event log happened at `when`. */
async function happenedAt(when: string, step: () => Promise<unknown>) {
  const before = new Date(Date.now() - 1);
  await step();
  await t.db.execute(sql`update events set created_at = ${when}::timestamptz where created_at >= ${before}`);
  await t.db.execute(
    sql`update conversations set created_at = ${when}::timestamptz where created_at >= ${before}`,
  );
}

const say = (as: Session, conversation_id: number, content: string, is_private = false) =>
  call(t.app, 'POST', '/messages', { as, body: { conversation_id, content, is_private } });

beforeAll(async () => {
  a = await tenantWithSessions(t);
  const people = [];
  for (const name of ['Sam Rivera', 'Lee Park']) {
    const user = await make.createUser(t.db, { name });
    await make.addCompanyMember(t.db, a.company.id, user.id, 'agent');
    await make.addAppMember(t.db, a.app, user.id, 'agent');
    await make.addQueueMember(t.db, a.queue, user.id);
    people.push(user);
  }
  [samId, leeId] = [people[0]!.id, people[1]!.id];
  [sam, lee] = [await signIn(t, people[0]!, a.company), await signIn(t, people[1]!, a.company)];

  let one = 0;
  let two = 0;
  let three = 0;
  await happenedAt('2026-03-02T09:00:00Z', async () => {
    one = (await startChat(t.app, a.app.id, { queueId: a.queue.id })).conversationId;
  });
  await happenedAt('2026-03-02T09:10:00Z', () => say(sam, one, 'Hello, looking into it'));
  await happenedAt('2026-03-02T09:11:00Z', () => say(sam, one, 'Checked the warehouse', true));
  await happenedAt('2026-03-02T09:12:00Z', () =>
    appendMessage({
      db: t.db,
      companyId: a.company.id,
      conversationId: one,
      sender: { type: 'auto' },
      content: 'Thanks!',
    }),
  );
  const act = (as: Session, path: string, body: object) => call(t.app, 'POST', path, { as, body });
  await happenedAt('2026-03-02T10:00:00Z', () => act(sam, '/conversation/resolve', { conversation_id: one }));
  await happenedAt('2026-03-02T11:00:00Z', () =>
    act(a.as.admin, '/conversation/reopen', { conversation_id: one }),
  );
  await happenedAt('2026-03-02T12:00:00Z', async () => {
    two = (await startChat(t.app, a.app.id, { queueId: a.queue.id })).conversationId;
  });
  await happenedAt('2026-03-02T12:30:00Z', () => say(lee, two, 'Hi there'));
  await happenedAt('2026-03-02T12:40:00Z', () =>
    act(lee, '/conversation/assign', { conversation_id: two, user_id: samId }),
  );
  await happenedAt('2026-03-02T12:45:00Z', () => say(sam, two, 'Taking over'));
  await happenedAt('2026-03-02T13:00:00Z', () => act(sam, '/conversation/resolve', { conversation_id: two }));
  await happenedAt('2026-03-03T08:00:00Z', () => act(lee, '/conversation/resolve', { conversation_id: one }));
  await happenedAt('2026-03-03T10:00:00Z', async () => {
    three = (await startChat(t.app, a.app.id, { queueId: a.queue.id })).conversationId;
  });
  expect(three).toBeGreaterThan(0);
  convs = [one, two, three];

  // The running app counted the events at their real times: recalculate those days, as an admin would after
  // changing the company's clock, now that the events carry the workload's times.
  await untilReadable(t.db);
  await t.app.reporting.settle();
  await recalculate(a.as.admin, '2026-03-01', '2026-03-04');
});

/** Asks for a recalculation through the API and waits for the job to end; answers its last status. */
async function recalculate(as: Session, from: string, to: string) {
  const asked = await call(t.app, 'POST', '/reporting/calculate-stats', { as, body: { from, to } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  for (let i = 0; i < 300; i++) {
    const status = await call(t.app, 'GET', '/reporting/calculate-stats', {
      as,
      query: { job_id: asked.body.data.job_id },
    });
    if (status.body.data.status === 'completed' || status.body.data.status === 'failed')
      return status.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the recalculation did not finish');
}

const overview = async (as: Session, query: Record<string, string | number>) => {
  const res = await call(t.app, 'GET', '/reporting/overview', { as, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('the overview', () => {
  it('counts the two days as worked out by hand', async () => {
    const { metrics, period } = await overview(a.as.admin, { from: '2026-03-02', to: '2026-03-03' });
    expect(period).toEqual({ from: '2026-03-02', to: '2026-03-03', timezone: 'UTC' });
    expect(metrics).toMatchObject({
      conversations_created: 3,
      conversations_resolved: 3,
      messages_received: 3,
      messages_sent: 3,
      first_response_time: { avg_s: 1200, median_s: 1200, p90_s: 1800 },
      resolution_time: { avg_s: 30000, median_s: 3600, p90_s: 82800 },
    });
    // No business hours: the business times are the same.
    expect(metrics.first_response_time_business).toEqual(metrics.first_response_time);
    expect(metrics.resolution_time_business).toEqual(metrics.resolution_time);
  });

  it('puts each number on the day it happened, and compares with the period before', async () => {
    const day2 = await overview(a.as.admin, { from: '2026-03-03', to: '2026-03-03' });
    expect(day2.metrics).toMatchObject({
      conversations_created: 1,
      conversations_resolved: 1,
      messages_sent: 0,
      resolution_time: { avg_s: 82800, median_s: 82800, p90_s: 82800 },
      first_response_time: { avg_s: null, median_s: null, p90_s: null },
    });
    expect(day2.previous).toMatchObject({
      conversations_created: 2,
      conversations_resolved: 2,
      messages_sent: 3,
    });
  });

  it('narrows to one agent’s own replies, first responses and resolutions', async () => {
    const { metrics } = await overview(a.as.admin, { from: '2026-03-02', to: '2026-03-03', user_id: samId });
    expect(metrics).toMatchObject({
      messages_sent: 2,
      conversations_resolved: 2,
      first_response_time: { avg_s: 600, median_s: 600, p90_s: 600 },
      resolution_time: { avg_s: 3600, median_s: 3600, p90_s: 3600 },
    });
  });

  it('shows an agent only its own numbers, whatever it asks for', async () => {
    const mine = await overview(lee, { from: '2026-03-02', to: '2026-03-03', user_id: samId });
    expect(mine.metrics).toMatchObject({
      messages_sent: 1,
      conversations_resolved: 1,
      first_response_time: { avg_s: 1800 },
      resolution_time: { avg_s: 82800 },
    });
  });

  it('answers 422 for a backwards period and 404 for an app of another company', async () => {
    const backwards = await call(t.app, 'GET', '/reporting/overview', {
      as: a.as.admin,
      query: { from: '2026-03-03', to: '2026-03-02' },
    });
    expect(fieldErrorsOf(backwards).to).toBeDefined();
    const other = await tenantWithSessions(t);
    const foreign = await call(t.app, 'GET', '/reporting/overview', {
      as: a.as.admin,
      query: { from: '2026-03-02', to: '2026-03-03', app_id: other.app.id },
    });
    expect(foreign.status).toBe(404);
    const theirs = await overview(other.as.admin, { from: '2026-03-02', to: '2026-03-03' });
    expect(theirs.metrics.conversations_created).toBe(0);
  });
});

describe('long periods', () => {
  it('estimates medians and p90s inside their buckets from the rollups, with exact counts and averages', async () => {
    const scope = { companyId: a.company.id, appIds: null };
    const exact = await metricsFor(t.db, scope, '2026-03-02', '2026-03-03');
    const estimated = await metricsFor(t.db, scope, '2026-03-02', '2026-03-03', 0);
    expect(estimated.conversations_resolved).toBe(exact.conversations_resolved);
    expect(estimated.resolution_time.avg_s).toBe(exact.resolution_time.avg_s);
    expect(estimated.resolution_time.estimated).toBe(true);
    // 3,600 s sits in the bucket (2,700, 3,600]; 82,800 s in (64,800, 86,400].
    expect(estimated.resolution_time.median_s).toBeGreaterThan(2700);
    expect(estimated.resolution_time.median_s).toBeLessThanOrEqual(3600);
    expect(estimated.resolution_time.p90_s).toBeGreaterThan(64800);
    expect(estimated.resolution_time.p90_s).toBeLessThanOrEqual(86400);
  });
});

describe('charts and agents', () => {
  it('charts by day with empty days, and by week from Monday', async () => {
    const byDay = await call(t.app, 'GET', '/reporting/charts', {
      as: a.as.admin,
      query: { metric: 'conversations_created', from: '2026-03-01', to: '2026-03-04' },
    });
    expect(byDay.body.data.points).toEqual([
      { date: '2026-03-01', value: 0 },
      { date: '2026-03-02', value: 2 },
      { date: '2026-03-03', value: 1 },
      { date: '2026-03-04', value: 0 },
    ]);
    const byWeek = await call(t.app, 'GET', '/reporting/charts', {
      as: a.as.admin,
      query: { metric: 'resolution_time', from: '2026-03-01', to: '2026-03-08', interval: 'week' },
    });
    expect(byWeek.body.data.points).toEqual([
      { date: '2026-02-23', value: null },
      { date: '2026-03-02', value: 30000 },
    ]);
  });

  it('lists each agent’s assignments (transfers to it included), resolutions, replies and times', async () => {
    const res = await call(t.app, 'GET', '/reporting/agent-performance', {
      as: a.as.admin,
      query: { from: '2026-03-02', to: '2026-03-03' },
    });
    const byId = new Map(res.body.data.map((r: { user_id: number }) => [r.user_id, r]));
    expect(byId.get(samId)).toMatchObject({
      name: 'Sam Rivera',
      conversations_assigned: 2,
      conversations_resolved: 2,
      messages_sent: 2,
      first_response_time: { avg_s: 600 },
    });
    expect(byId.get(leeId)).toMatchObject({
      conversations_assigned: 1,
      conversations_resolved: 1,
      messages_sent: 1,
      first_response_time: { avg_s: 1800 },
      resolution_time: { avg_s: 82800 },
    });
    const own = await call(t.app, 'GET', '/reporting/agent-performance', {
      as: lee,
      query: { from: '2026-03-02', to: '2026-03-03' },
    });
    expect(own.body.data.map((r: { user_id: number }) => r.user_id)).toEqual([leeId]);
  });
});

describe('by label', () => {
  it('gives each label the numbers of the conversations carrying it, as worked out by hand', async () => {
    const label = async (name: string) =>
      (await call(t.app, 'POST', '/labels', { as: a.as.admin, body: { name, color: '#336699' } })).body.data
        .label_id as number;
    const [billing, returns, unused] = [
      await label('Billing'),
      await label('Returns'),
      await label('Unused'),
    ];
    const put = (conversation_id: number, add: number[]) =>
      call(t.app, 'POST', '/conversation/labels', { as: a.as.admin, body: { conversation_id, add } });
    await put(convs[0]!, [billing]);
    await put(convs[1]!, [billing]);
    await put(convs[2]!, [returns]);
    const report = async (as: Session) => {
      const res = await call(t.app, 'GET', '/reporting/labels', {
        as,
        query: { from: '2026-03-02', to: '2026-03-03' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { label_id: number; name: string; conversations_created: number }[];
    };
    const none = { avg_s: null, median_s: null, p90_s: null };
    // #1 and #2: two starts, three resolutions (#1 twice), first responses 600 s and 1,800 s.
    expect(await report(a.as.admin)).toEqual([
      {
        label_id: billing,
        name: 'Billing',
        color: '#336699',
        conversations_created: 2,
        conversations_resolved: 3,
        first_response_time: { avg_s: 1200, median_s: 1200, p90_s: 1800 },
        resolution_time: { avg_s: 30000, median_s: 3600, p90_s: 82800 },
      },
      {
        label_id: returns,
        name: 'Returns',
        color: '#336699',
        conversations_created: 1,
        conversations_resolved: 0,
        first_response_time: none,
        resolution_time: none,
      },
      {
        label_id: unused,
        name: 'Unused',
        color: '#336699',
        conversations_created: 0,
        conversations_resolved: 0,
        first_response_time: none,
        resolution_time: none,
      },
    ]);
    // Sam, who runs no app, sees only its own: it resolved #1 once and #2, and answered #1 first.
    const own = (await report(sam)).find((r) => r.label_id === billing);
    expect(own).toMatchObject({
      conversations_resolved: 2,
      first_response_time: { avg_s: 600 },
      resolution_time: { avg_s: 3600 },
    });
    // Moved to another label, the numbers follow the label the conversation carries now.
    await call(t.app, 'POST', '/conversation/labels', {
      as: a.as.admin,
      body: { conversation_id: convs[1]!, remove: [billing], add: [returns] },
    });
    const after = await report(a.as.admin);
    expect(after.map((r) => [r.name, r.conversations_created])).toEqual([
      ['Billing', 1],
      ['Returns', 2],
      ['Unused', 0],
    ]);
  });
});

describe('CSV export', () => {
  const download = (as: Session, report: string, extra: Record<string, string | number> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/reporting/export',
      query: {
        report,
        from: '2026-03-02',
        to: '2026-03-03',
        ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
      },
      headers: { authorization: `Bearer ${as.token}`, 'x-company-id': String(as.companyId) },
    });

  it('writes RFC 4180 with CRLF and a byte-order mark, named with the date, that a CSV parser reads back', async () => {
    const res = await download(a.as.admin, 'overview');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="overview-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('\r\n');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['metric', 'value', 'previous']);
    const get = (metric: string) => rows.find((r) => r[0] === metric)?.slice(1);
    expect(get('conversations_created')).toEqual(['3', '0']);
    expect(get('resolution_time_median_s')).toEqual(['3600', '']);
  });

  it('lists the agents and the conversations, with no cell a spreadsheet would run as a formula', async () => {
    const chat = await startChat(t.app, a.app.id, {
      queueId: a.queue.id,
      name: '=HYPERLINK("http://x.test","Hi")',
    });
    await t.db.execute(
      sql`update conversations set created_at = '2026-03-03T12:00:00Z' where id = ${chat.conversationId}`,
    );
    const agents = parse((await download(a.as.admin, 'agents')).body, { bom: true }) as string[][];
    expect(agents.find((r) => r[1] === 'Sam Rivera')?.slice(2, 5)).toEqual(['2', '2', '2']);
    const conversations = parse((await download(a.as.admin, 'conversations')).body, {
      bom: true,
    }) as string[][];
    expect(conversations).toHaveLength(5);
    const hostile = conversations.find((r) => r[1] === String(chat.conversationId))!;
    expect(hostile[4]).toBe(`'=HYPERLINK("http://x.test","Hi")`);
    for (const row of conversations) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('refuses an app of another company before any byte is sent', async () => {
    const other = await tenantWithSessions(t);
    const res = await download(a.as.admin, 'conversations', { app_id: other.app.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
