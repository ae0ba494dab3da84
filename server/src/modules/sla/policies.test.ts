import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, change, type Session, useTestApp } from '../../../test/app.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/** The company's service levels as its admins keep them (contract section 14). */
const t = useTestApp();
const s = before(async () => ({ a: await tenantWithSessions(t), b: await tenantWithSessions(t) }));

const list = async (as: Session) => {
  const res = await call(t.app, 'GET', '/sla-policies', { as });
  expect(res.status).toBe(200);
  return res.body.data as { sla_policy_id: number; name: string; position: number }[];
};
const create = (as: Session, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/sla-policies', { as, body });

describe('service level policies', () => {
  it('creates with defaults, lists in order, inserts at a position and moves one to another', async () => {
    const as = s.a.as.admin;
    const gold = await create(as, {
      name: '  Gold  ',
      first_response_minutes: 30,
      resolution_minutes: 480,
      conditions: { app_ids: [s.a.app.id], priorities: ['urgent', 'high'] },
    });
    expect(gold.status).toBe(201);
    expect(gold.body.data).toEqual({
      sla_policy_id: expect.any(Number),
      name: 'Gold',
      position: 1,
      first_response_minutes: 30,
      next_response_minutes: null,
      resolution_minutes: 480,
      business_hours_only: false,
      conditions: { app_ids: [s.a.app.id], queue_ids: [], priorities: ['urgent', 'high'], label_ids: [] },
    });
    const std = (await create(as, { name: 'Standard', first_response_minutes: 120 })).body.data;
    const vip = (await create(as, { name: 'VIP', first_response_minutes: 5, position: 1 })).body.data;
    expect(vip.position).toBe(1);
    expect((await list(as)).map((p) => [p.name, p.position])).toEqual([
      ['VIP', 1],
      ['Gold', 2],
      ['Standard', 3],
    ]);
    // Reorder: VIP to the end (a position past the end is the last), then Standard to the top.
    expect(
      (await change(t.app, '/sla-policies', as, vip.sla_policy_id, { position: 9 })).body.data.position,
    ).toBe(3);
    await change(t.app, '/sla-policies', as, std.sla_policy_id, { position: 1, name: 'Standard plus' });
    expect((await list(as)).map((p) => [p.name, p.position])).toEqual([
      ['Standard plus', 1],
      ['Gold', 2],
      ['VIP', 3],
    ]);
    const del = await call(t.app, 'DELETE', '/sla-policies', {
      as,
      query: { id: gold.body.data.sla_policy_id },
    });
    expect(del.status).toBe(200);
    expect((await list(as)).map((p) => [p.name, p.position])).toEqual([
      ['Standard plus', 1],
      ['VIP', 2],
    ]);
  });

  it('answers 422 for a missing name, a time that is not positive, and ids of another company', async () => {
    const as = s.a.as.admin;
    const noName = await create(as, { name: ' ', first_response_minutes: 0, next_response_minutes: -5 });
    expect(fieldErrorsOf(noName)).toEqual({
      name: ['A name is 1 to 100 characters'],
      first_response_minutes: ['A time is a whole number of minutes above 0, or empty'],
      next_response_minutes: ['A time is a whole number of minutes above 0, or empty'],
    });
    const foreign = await create(as, {
      name: 'Theirs',
      conditions: { app_ids: [s.b.app.id], queue_ids: [s.b.queue.id], label_ids: [999_999] },
    });
    expect(fieldErrorsOf(foreign)).toEqual({
      'conditions.app_ids': ['Choose apps of this company'],
      'conditions.queue_ids': ['Choose queues of this company'],
      'conditions.label_ids': ['Choose labels of this company'],
    });
    const fine = await create(as, { name: 'No promises', first_response_minutes: null });
    expect(fine.status).toBe(201);
    const bad = await change(t.app, '/sla-policies', as, fine.body.data.sla_policy_id, {
      resolution_minutes: 1.5,
    });
    expect(Object.keys(fieldErrorsOf(bad))).toEqual(['resolution_minutes']);
    // Nothing was created by the refusals.
    expect((await list(as)).map((p) => p.name)).not.toContain('Theirs');
  });

  it('is for company admins: managers and agents get 403, and another company’s policy is 404', async () => {
    for (const as of [s.a.as.manager, s.a.as.agent]) {
      expect((await call(t.app, 'GET', '/sla-policies', { as })).status).toBe(403);
      expect((await create(as, { name: 'Mine' })).status).toBe(403);
    }
    const theirs = (await create(s.b.as.admin, { name: 'B only', first_response_minutes: 10 })).body.data;
    const before = await list(s.b.as.admin);
    expect(
      (await change(t.app, '/sla-policies', s.a.as.admin, theirs.sla_policy_id, { name: 'Taken' })).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'DELETE', '/sla-policies', {
          as: s.a.as.admin,
          query: { id: theirs.sla_policy_id },
        })
      ).status,
    ).toBe(404);
    expect((await list(s.a.as.admin)).some((p) => p.sla_policy_id === theirs.sla_policy_id)).toBe(false);
    expect(await list(s.b.as.admin)).toEqual(before);
  });
});
