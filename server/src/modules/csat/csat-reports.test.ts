import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { call, type Session, useTestApp } from '../../../test/app.ts';
import { runConsumers } from '../../../test/automation.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * Satisfaction in the reports (contract sections 11 and 14): ratings given in the period, credited to the
 * agent who resolved, in the overview, each agent's row and the CSV exports, under the same filters.
 */
const t = useTestApp();

describe('satisfaction in reports', () => {
  it('counts responses, the average and the satisfied share, per agent who resolved', async () => {
    const a = await tenantWithSessions(t);
    await call(t.app, 'PUT', '/apps', {
      as: a.as.admin,
      query: { id: a.app.id },
      body: { csat: { enabled: true } },
    });
    const rated = async (by: Session, score: number) => {
      const chat = await startChat(t.app, a.app.id, { queueId: a.queue.id });
      await call(t.app, 'POST', '/conversation/resolve', {
        as: by,
        body: { conversation_id: chat.conversationId },
      });
      const res = await portal(t.app, 'POST', '/portal/rating', { token: chat.token, body: { score } });
      expect(res.status).toBe(201);
    };
    await rated(a.as.agent, 5);
    await rated(a.as.agent, 2);
    await rated(a.as.manager, 4);
    // Resolved and not rated: no response.
    const silent = await startChat(t.app, a.app.id, { queueId: a.queue.id });
    await call(t.app, 'POST', '/conversation/resolve', {
      as: a.as.agent,
      body: { conversation_id: silent.conversationId },
    });
    await runConsumers(t);

    const day = new Date().toISOString().slice(0, 10);
    const period = { from: day, to: day };
    const overview = await call(t.app, 'GET', '/reporting/overview', { as: a.as.admin, query: period });
    expect(overview.body.data.metrics.csat).toEqual({ responses: 3, average: 3.7, satisfied_pct: 66.7 });
    expect(overview.body.data.previous.csat).toEqual({ responses: 0, average: null, satisfied_pct: null });
    const mine = await call(t.app, 'GET', '/reporting/overview', {
      as: a.as.admin,
      query: { ...period, user_id: a.agent.id },
    });
    expect(mine.body.data.metrics.csat).toEqual({ responses: 2, average: 3.5, satisfied_pct: 50 });
    const otherQueue = await call(t.app, 'GET', '/reporting/overview', {
      as: a.as.admin,
      query: { ...period, queue_id: a.queue.id + 1000 },
    });
    expect(otherQueue.status === 404 || otherQueue.body.data.metrics.csat.responses === 0).toBe(true);

    // A recalculation counts the same from the event log.
    const job = await call(t.app, 'POST', '/reporting/calculate-stats', { as: a.as.admin, body: period });
    for (let i = 0; i < 300; i++) {
      const res = await call(t.app, 'GET', '/reporting/calculate-stats', {
        as: a.as.admin,
        query: { job_id: job.body.data.job_id },
      });
      if (res.body.data.status === 'completed') break;
      expect(res.body.data.status).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 100));
    }
    const again = await call(t.app, 'GET', '/reporting/overview', { as: a.as.admin, query: period });
    expect(again.body.data.metrics.csat).toEqual(overview.body.data.metrics.csat);

    const agents = await call(t.app, 'GET', '/reporting/agent-performance', {
      as: a.as.admin,
      query: period,
    });
    const row = (id: number) => agents.body.data.find((r: { user_id: number }) => r.user_id === id);
    expect(row(a.agent.id).csat).toEqual({ responses: 2, average: 3.5, satisfied_pct: 50 });
    expect(row(a.manager.id).csat).toEqual({ responses: 1, average: 4, satisfied_pct: 100 });
    expect(row(a.admin.id).csat).toEqual({ responses: 0, average: null, satisfied_pct: null });

    const csv = async (report: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/reporting/export',
        query: { report, ...period },
        headers: { authorization: `Bearer ${a.as.admin.token}`, 'x-company-id': String(a.company.id) },
      });
      return parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    };
    const rows = await csv('overview');
    const metric = (name: string) => rows.find((r) => r.metric === name);
    expect(metric('csat_responses')).toMatchObject({ value: '3', previous: '0' });
    expect(metric('csat_average')).toMatchObject({ value: '3.7', previous: '' });
    expect(metric('csat_satisfied_pct')).toMatchObject({ value: '66.7' });
    const agentRows = await csv('agents');
    expect(agentRows.find((r) => Number(r.user_id) === a.agent.id)).toMatchObject({
      csat_responses: '2',
      csat_average: '3.5',
      csat_satisfied_pct: '50',
    });
  });
});
