import { Company } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, change, useTestApp } from '../../../test/app.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));

const activityCount = async (companyId: number, action: string) => {
  const rows = await t.db.query.activities.findMany({
    where: (x, { and, eq }) => and(eq(x.companyId, companyId), eq(x.action, action)),
  });
  return rows.length;
};

describe('GET /companies?id=', () => {
  it('lets any member read its own company, with its counts', async () => {
    const res = await call(t.app, 'GET', '/companies', { as: a.as.agent, query: { id: a.company.id } });
    expect(res.status).toBe(200);
    expect(Company.parse(res.body.data)).toMatchObject({
      company_id: a.company.id,
      company_name: a.company.name,
      timezone: 'UTC',
      status: 'active',
      status_reason: null,
      apps_count: 1,
      members_count: 3,
    });
  });

  it('answers 404 for another company id, even one the caller could name', async () => {
    const res = await call(t.app, 'GET', '/companies', { as: b.as.admin, query: { id: a.company.id } });
    expect(errorOf(res, 404).code).toBe('NOT_FOUND');
  });

  it('answers 403 when X-Company-Id names a company the caller is not in', async () => {
    const res = await call(t.app, 'GET', '/companies', {
      as: { ...b.as.admin, companyId: a.company.id },
      query: { id: a.company.id },
    });
    expect(errorOf(res, 403).code).toBe('FORBIDDEN');
  });

  it('answers 401 without a token and 401 with a forged one', async () => {
    expect((await call(t.app, 'GET', '/companies', { query: { id: a.company.id } })).status).toBe(401);
    const forged = await call(t.app, 'GET', '/companies', {
      as: { token: `${a.as.admin.token}x`, companyId: a.company.id },
      query: { id: a.company.id },
    });
    expect(forged.status).toBe(401);
  });
});

describe('PUT /companies?id=', () => {
  it('lets the company admin rename the company and change its timezone, and records it', async () => {
    const res = await change(t.app, '/companies', a.as.admin, a.company.id, {
      company_name: 'Acme Support',
      timezone: 'Europe/Berlin',
    });
    expect(dataOf(res)).toMatchObject({ company_name: 'Acme Support', timezone: 'Europe/Berlin' });
    expect(await activityCount(a.company.id, 'company.updated')).toBe(1);
  });

  it('refuses managers and agents with 403', async () => {
    for (const as of [a.as.manager, a.as.agent]) {
      const res = await call(t.app, 'PUT', '/companies', {
        as,
        query: { id: a.company.id },
        body: { company_name: 'Taken over' },
      });
      expect(res.status).toBe(403);
    }
  });

  it('answers 422 "Unknown timezone" for a timezone that does not exist', async () => {
    const res = await change(t.app, '/companies', a.as.admin, a.company.id, {
      timezone: 'Mars/Olympus_Mons',
    });
    expect(fieldErrorsOf(res)).toEqual({ timezone: ['Unknown timezone'] });
  });

  it('answers 422 "Company name is required" for a blank name', async () => {
    const res = await change(t.app, '/companies', a.as.admin, a.company.id, { company_name: '   ' });
    expect(fieldErrorsOf(res).company_name).toEqual(['Company name is required']);
  });

  it('ignores a status in the body: suspension is for platform admins only', async () => {
    const res = await change(t.app, '/companies', b.as.admin, b.company.id, {
      status: 'suspended',
      status_reason: 'self',
      apps_count: 99,
    });
    expect(dataOf(res)).toMatchObject({ status: 'active', status_reason: null, apps_count: 1 });
  });

  it("answers 404 to another company's admin and leaves that company unchanged", async () => {
    const before = await call(t.app, 'GET', '/companies', { as: a.as.admin, query: { id: a.company.id } });
    const res = await change(t.app, '/companies', b.as.admin, a.company.id, { company_name: 'Hijacked' });
    expect(res.status).toBe(404);
    const after = await call(t.app, 'GET', '/companies', { as: a.as.admin, query: { id: a.company.id } });
    expect(after.body.data).toEqual(before.body.data);
  });
});

describe('business hours (contract section 9)', () => {
  const c = before(() => tenantWithSessions(t));
  const put = (body: unknown, as = c.as.admin) =>
    call(t.app, 'PUT', '/companies', { as, query: { id: c.company.id }, body });
  const week = {
    days: {
      mon: [{ start: '09:00', end: '17:00' }],
      fri: [
        { start: '13:00', end: '24:00' },
        { start: '08:00', end: '12:00' },
      ],
    },
    holidays: ['2026-12-26', '2026-12-25', '2026-12-26'],
  };

  it('starts without business hours: always open', async () => {
    const res = await call(t.app, 'GET', '/companies', { as: c.as.agent, query: { id: c.company.id } });
    expect(res.body.data.business_hours).toBeNull();
  });

  it('stores ranges per weekday and holidays, in order, and every member reads them', async () => {
    const res = await put({ business_hours: week });
    expect(res.status).toBe(200);
    const expected = {
      days: {
        mon: [{ start: '09:00', end: '17:00' }],
        tue: [],
        wed: [],
        thu: [],
        fri: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '24:00' },
        ],
        sat: [],
        sun: [],
      },
      holidays: ['2026-12-25', '2026-12-26'],
    };
    expect(res.body.data.business_hours).toEqual(expected);
    const read = await call(t.app, 'GET', '/companies', { as: c.as.agent, query: { id: c.company.id } });
    expect(Company.parse(read.body.data).business_hours).toEqual(expected);
    // Another setting alone leaves them as they are.
    const renamed = await put({ company_name: 'Open Hours Ltd' });
    expect(renamed.body.data.business_hours).toEqual(expected);
  });

  it('answers 422 naming the field for bad times, overlaps and dates, and changes nothing', async () => {
    const before = (await call(t.app, 'GET', '/companies', { as: c.as.admin, query: { id: c.company.id } }))
      .body.data;
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { days: { mon: [{ start: '9am', end: '17:00' }] } },
        { 'business_hours.days.mon.0.start': ['Use HH:MM, from 00:00 to 24:00'] },
      ],
      [
        { days: { tue: [{ start: '18:00', end: '09:00' }] } },
        { 'business_hours.days.tue.0.end': ['The closing time must be after the opening time'] },
      ],
      [
        {
          days: {
            wed: [
              { start: '09:00', end: '13:00' },
              { start: '12:00', end: '17:00' },
            ],
          },
        },
        { 'business_hours.days.wed.1.start': ['Overlaps another range of this day'] },
      ],
      [{ days: {}, holidays: ['2026-02-30'] }, { 'business_hours.holidays.0': ['This date does not exist'] }],
      [{ days: {}, holidays: ['25/12/2026'] }, { 'business_hours.holidays.0': ['Use a date as YYYY-MM-DD'] }],
    ];
    for (const [hours, errors] of cases) {
      const res = await put({ business_hours: hours });
      expect(fieldErrorsOf(res)).toEqual(errors);
    }
    const after = (await call(t.app, 'GET', '/companies', { as: c.as.admin, query: { id: c.company.id } }))
      .body.data;
    expect(after).toEqual(before);
  });

  it('is changed by company admins only, and null removes the hours', async () => {
    for (const as of [c.as.manager, c.as.agent])
      expect((await put({ business_hours: null }, as)).status).toBe(403);
    const cleared = await put({ business_hours: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.business_hours).toBeNull();
  });
});
