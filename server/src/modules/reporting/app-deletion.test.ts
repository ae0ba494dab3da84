import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, type Session, useTestApp } from '../../../test/app.ts';
import { runConsumers } from '../../../test/automation.ts';
import * as make from '../../../test/factories.ts';
import { startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * Deleting an app tells reporting through its `app.deleted` event (issue 43): what the reports say before and
 * after, as a company admin reads them, when one agent worked in the deleted app and in another.
 */
const t = useTestApp();

async function today() {
  const res = await t.db.execute<{ d: string }>(
    sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as d`,
  );
  return res.rows[0]!.d;
}

/** The overview, the agent's row of agent performance, and both CSV exports, for one day. */
async function reports(as: Session, day: string, agentId: number, appId?: number) {
  const query = { from: day, to: day, ...(appId ? { app_id: String(appId) } : {}) };
  const get = async (path: string, extra: Record<string, string> = {}) => {
    const res = await call(t.app, 'GET', path, { as, query: { ...query, ...extra } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const csv = async (report: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reporting/export',
      query: { report, ...query },
      headers: { authorization: `Bearer ${as.token}`, 'x-company-id': String(as.companyId) },
    });
    expect(res.statusCode).toBe(200);
    return parse(res.body, { bom: true }) as string[][];
  };
  const m = (await get('/reporting/overview')).metrics;
  const mine = (await get('/reporting/overview', { user_id: String(agentId) })).metrics;
  const agent = (await get('/reporting/agent-performance')).find(
    (r: { user_id: number }) => r.user_id === agentId,
  );
  const overviewCsv = await csv('overview');
  const agentsCsv = await csv('agents');
  const header = agentsCsv[0]!;
  const agentLine = agentsCsv.find((r) => r[0] === String(agentId));
  return {
    overview: [m.conversations_created, m.messages_sent, m.conversations_resolved],
    agentOverview: [mine.messages_sent, mine.conversations_resolved],
    agentPerformance: agent ? [agent.messages_sent, agent.conversations_resolved] : null,
    overviewCsv: ['conversations_created', 'messages_sent', 'conversations_resolved'].map(
      (k) => overviewCsv.find((r) => r[0] === k)?.[1],
    ),
    agentsCsv: agentLine
      ? [agentLine[header.indexOf('messages_sent')], agentLine[header.indexOf('conversations_resolved')]]
      : null,
  };
}

describe('deleting an app, as the reports show it', () => {
  it('takes the app’s conversations, replies and resolutions out of the overview, the agents and the CSVs', async () => {
    const c = await tenantWithSessions(t);
    const other = await make.createApp(t.db, c.company.id, { name: 'Wholesale' });
    const otherQueue = await make.createQueue(t.db, other);
    await make.addAppMember(t.db, other, c.agent.id, 'agent');
    await make.addQueueMember(t.db, otherQueue, c.agent.id);
    const work = async (appId: number, queueId: number, resolve: boolean) => {
      const chat = await startChat(t.app, appId, { queueId });
      const body = { conversation_id: chat.conversationId };
      const sent = await call(t.app, 'POST', '/messages', {
        as: c.as.agent,
        body: { ...body, content: 'On it' },
      });
      expect(sent.status).toBe(201);
      if (resolve)
        expect((await call(t.app, 'POST', '/conversation/resolve', { as: c.as.agent, body })).status).toBe(
          200,
        );
    };
    await work(c.app.id, c.queue.id, true);
    await work(other.id, otherQueue.id, true);
    await work(other.id, otherQueue.id, false);
    await runConsumers(t);
    await t.app.reporting.settle();
    const day = await today();

    const before = await reports(c.as.admin, day, c.agent.id);
    expect(before).toEqual({
      overview: [3, 3, 2],
      agentOverview: [3, 2],
      agentPerformance: [3, 2],
      overviewCsv: ['3', '3', '2'],
      agentsCsv: ['3', '2'],
    });
    const kept = await reports(c.as.admin, day, c.agent.id, c.app.id);

    const deleted = await call(t.app, 'DELETE', '/apps', { as: c.as.admin, query: { id: other.id } });
    expect(deleted.status).toBe(200);
    await runConsumers(t);
    await t.app.reporting.settle();

    const after = await reports(c.as.admin, day, c.agent.id);
    expect(after).toEqual({
      overview: [1, 1, 1],
      agentOverview: [1, 1],
      agentPerformance: [1, 1],
      overviewCsv: ['1', '1', '1'],
      agentsCsv: ['1', '1'],
    });
    // The app that stays reads as it did.
    expect(await reports(c.as.admin, day, c.agent.id, c.app.id)).toEqual(kept);
    // The event the reports heard it from, once, with the app's name.
    const events = await t.db.execute<{ n: number; name: string }>(sql`
      select count(*)::int as n, min(data->>'app_name') as name from events
      where type = 'app.deleted' and company_id = ${c.company.id} and app_id = ${other.id}`);
    expect(events.rows[0]).toEqual({ n: 1, name: 'Wholesale' });
  });
});
