import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, change, type Session, useTestApp } from '../../../test/app.ts';
import { runConsumers } from '../../../test/automation.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { addDays } from './metrics.ts';

/**
 * `POST /reporting/calculate-stats` (contract section 11): after a random workload, the rebuilt numbers
 * equal the live ones; recalculation is for company admins and managers, and one company's job is not
 * another's to follow.
 */
const t = useTestApp();
const s = before(async () => ({ a: await tenantWithSessions(t), b: await tenantWithSessions(t) }));

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x + 0x6d2b79f5) | 0;
    let r = Math.imul(x ^ (x >>> 15), 1 | x);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

async function recalculate(as: Session, from: string, to: string) {
  const asked = await call(t.app, 'POST', '/reporting/calculate-stats', { as, body: { from, to } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const id = asked.body.data.job_id as number;
  for (let i = 0; i < 300; i++) {
    const status = await call(t.app, 'GET', '/reporting/calculate-stats', { as, query: { job_id: id } });
    if (['completed', 'failed'].includes(status.body.data.status)) return { id, ...status.body.data };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the recalculation did not finish');
}

/** Everything the reports say about today, as a manager reads it. */
async function readings(as: Session, day: string) {
  const q = { from: day, to: day };
  const get = async (path: string, query: Record<string, string>) =>
    (await call(t.app, 'GET', path, { as, query })).body.data;
  return {
    overview: await get('/reporting/overview', q),
    chart: await get('/reporting/charts', { ...q, metric: 'resolution_time_business' }),
    agents: await get('/reporting/agent-performance', q),
  };
}

describe('recalculating', () => {
  it('gives the same numbers as the live count after a random workload', async () => {
    const { a } = s;
    await call(t.app, 'PUT', '/companies', {
      as: a.as.admin,
      query: { id: a.company.id },
      body: {
        business_hours: {
          days: {
            mon: [{ start: '09:00', end: '17:00' }],
            tue: [],
            wed: [{ start: '08:00', end: '12:00' }],
            thu: [],
            fri: [],
            sat: [],
            sun: [],
          },
          holidays: [],
        },
      },
    });
    const next = random(20261126);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const agents = [a.as.admin, a.as.manager, a.as.agent];
    const userIds = [a.admin.id, a.manager.id, a.agent.id];
    const chats: { id: number; token: string }[] = [];
    for (let step = 0; step < 60; step++) {
      const roll = next();
      if (chats.length < 2 || roll < 0.15) {
        const c = await startChat(t.app, a.app.id, { queueId: a.queue.id });
        chats.push({ id: c.conversationId, token: c.token });
        continue;
      }
      const chat = pick(chats);
      const body = { conversation_id: chat.id };
      if (roll < 0.35)
        await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'More' } });
      else if (roll < 0.6) {
        await call(t.app, 'POST', '/messages', {
          as: pick(agents),
          body: { ...body, content: 'On it', is_private: next() < 0.2 },
        });
      } else if (roll < 0.72) {
        await call(t.app, 'POST', '/conversation/assign', {
          as: a.as.admin,
          body: { ...body, user_id: pick(userIds) },
        });
      } else if (roll < 0.88) await call(t.app, 'POST', '/conversation/resolve', { as: pick(agents), body });
      else await call(t.app, 'POST', '/conversation/reopen', { as: a.as.admin, body });
    }
    await runConsumers(t);
    await t.app.reporting.settle();
    const today = (
      await t.db.execute<{ day: string }>(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day`)
    ).rows[0]!.day;
    const live = await readings(a.as.manager, today);
    expect(live.overview.metrics.conversations_created).toBe(chats.length);
    expect(live.overview.metrics.conversations_resolved).toBeGreaterThan(0);
    expect(live.overview.metrics.first_response_time.median_s).not.toBeNull();

    const job = await recalculate(a.as.manager, today, today);
    expect(job).toMatchObject({ status: 'completed', progress: 1, error: null });
    expect(await readings(a.as.manager, today)).toEqual(live);
  });

  it('is for company admins and managers; another company’s job answers 404', async () => {
    const { a, b } = s;
    const refused = await call(t.app, 'POST', '/reporting/calculate-stats', {
      as: a.as.agent,
      body: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(refused.status).toBe(403);
    const job = await recalculate(a.as.admin, '2026-01-01', '2026-01-31');
    const theirs = await call(t.app, 'GET', '/reporting/calculate-stats', {
      as: b.as.admin,
      query: { job_id: job.id },
    });
    expect(theirs.status).toBe(404);
    const tooLong = await call(t.app, 'POST', '/reporting/calculate-stats', {
      as: a.as.admin,
      body: { from: '2020-01-01', to: '2026-01-31' },
    });
    expect(tooLong.status).toBe(422);
  });

  it('takes a deleted app’s numbers out of every report, the per-agent ones included', async () => {
    const { b } = s;
    const chat = await startChat(t.app, b.app.id, { queueId: b.queue.id });
    await call(t.app, 'POST', '/messages', {
      as: b.as.agent,
      body: { conversation_id: chat.conversationId, content: 'Hi' },
    });
    await runConsumers(t);
    await t.app.reporting.settle();
    const day = (
      await t.db.execute<{ d: string }>(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as d`)
    ).rows[0]!.d;
    const sent = async () => {
      const agents = await call(t.app, 'GET', '/reporting/agent-performance', {
        as: b.as.admin,
        query: { from: day, to: day },
      });
      const overview = await call(t.app, 'GET', '/reporting/overview', {
        as: b.as.admin,
        query: { from: day, to: day, user_id: b.agent.id },
      });
      return [
        agents.body.data.find((r: { user_id: number }) => r.user_id === b.agent.id).messages_sent,
        overview.body.data.metrics.messages_sent,
      ];
    };
    expect(await sent()).toEqual([1, 1]);
    expect((await call(t.app, 'DELETE', '/apps', { as: b.as.admin, query: { id: b.app.id } })).status).toBe(
      200,
    );
    // Reporting hears of it from the `app.deleted` event.
    await runConsumers(t);
    await t.app.reporting.settle();
    expect(await sent()).toEqual([0, 0]);
  });

  it('moves a day’s numbers to their day in a new timezone and leaves the old day empty', async () => {
    const c = await tenantWithSessions(t);
    const setZone = (timezone: string) => change(t.app, '/companies', c.as.admin, c.company.id, { timezone });
    expect((await setZone('UTC')).status).toBe(200);
    const chat = await startChat(t.app, c.app.id, { queueId: c.queue.id });
    await call(t.app, 'POST', '/messages', {
      as: c.as.agent,
      body: { conversation_id: chat.conversationId, content: 'Hello' },
    });
    await runConsumers(t);
    await t.app.reporting.settle();
    const [now] = (
      await t.db.execute<{ day: string; hour: number }>(
        sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day, extract(hour from now() at time zone 'UTC')::int as hour`,
      )
    ).rows;
    const day = now!.day;
    // A zone 14 hours ahead puts any time after 10:00 UTC on the next day; one 11 hours behind, any time
    // before 11:00 UTC on the day before.
    const [zone, shift] = now!.hour >= 10 ? ['Pacific/Kiritimati', 1] : ['Pacific/Pago_Pago', -1];
    const moved = addDays(day, shift as number);
    const counts = async (d: string) => {
      const res = await call(t.app, 'GET', '/reporting/overview', {
        as: c.as.admin,
        query: { from: d, to: d },
      });
      const m = res.body.data.metrics;
      return [m.conversations_created, m.messages_received, m.messages_sent];
    };
    expect(await counts(day)).toEqual([1, 1, 1]);
    expect((await setZone(zone as string)).status).toBe(200);
    // Only the new day is recalculated: the old one is counted again because facts left it.
    expect(await recalculate(c.as.admin, moved, moved)).toMatchObject({ status: 'completed', progress: 1 });
    expect(await counts(moved)).toEqual([1, 1, 1]);
    expect(await counts(day)).toEqual([0, 0, 0]);
  });
});
