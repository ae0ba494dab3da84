import { LOGIN_FAILED_MESSAGE, LoginResult } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { call, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { companies, sessions, users } from '../../db/schema/index.ts';

const t = useTestApp();

const login = (body: Record<string, unknown>) => call(t.app, 'POST', '/auth/login', { body });

/** An agent of Alpha Co (apps seen through an app membership and a queue) and admin of Beta Co. */
async function agentInTwoCompanies() {
  const alpha = await make.createCompany(t.db, { name: 'Alpha Co', timezone: 'Europe/Paris' });
  const beta = await make.createCompany(t.db, { name: 'Beta Co' });
  const shop = await make.createApp(t.db, alpha.id, { name: 'Shop' });
  const blog = await make.createApp(t.db, alpha.id, { name: 'Blog' });
  await make.createApp(t.db, alpha.id, { name: 'Hidden' });
  const betaApp = await make.createApp(t.db, beta.id, { name: 'Beta App' });
  const user = await make.createUser(t.db, { name: 'Grace Hopper' });
  await make.addCompanyMember(t.db, beta.id, user.id, 'admin');
  await make.addCompanyMember(t.db, alpha.id, user.id, 'agent');
  await make.addAppMember(t.db, shop, user.id, 'manager');
  await make.addQueueMember(t.db, await make.createQueue(t.db, blog), user.id);
  return { alpha, beta, shop, blog, betaApp, user };
}

describe('POST /auth/login', () => {
  it('answers a token, the user and its companies with the apps it can see, as the contract says', async () => {
    const { alpha, beta, shop, blog, betaApp, user } = await agentInTwoCompanies();
    const res = await login({ email: user.email, password: make.PASSWORD });
    expect(res.status).toBe(200);
    expect(LoginResult.safeParse(res.body.data).success).toBe(true);
    const alphaSummary = {
      company_id: alpha.id,
      company_name: 'Alpha Co',
      timezone: 'Europe/Paris',
      role: 'agent',
      status: 'active',
      apps: [
        { app_id: blog.id, app_name: 'Blog', role: 'agent' },
        { app_id: shop.id, app_name: 'Shop', role: 'manager' },
      ],
      apps_count: 2,
    };
    const betaSummary = {
      company_id: beta.id,
      company_name: 'Beta Co',
      timezone: 'UTC',
      role: 'admin',
      status: 'active',
      apps: [{ app_id: betaApp.id, app_name: 'Beta App', role: 'admin' }],
      apps_count: 1,
    };
    expect(res.body.data).toEqual({
      access_token: expect.any(String),
      current_company: alphaSummary,
      companies: [alphaSummary, betaSummary],
      user: {
        user_id: user.id,
        name: 'Grace Hopper',
        email: user.email,
        initials: 'GH',
        is_platform_admin: false,
        company_role: 'agent',
        companies: [alphaSummary, betaSummary],
        current_company: alphaSummary,
      },
    });
  });

  it('makes the company named by company_id current', async () => {
    const { beta, user } = await agentInTwoCompanies();
    const res = await login({ email: user.email, password: make.PASSWORD, company_id: String(beta.id) });
    expect(res.status).toBe(200);
    expect(res.body.data.current_company.company_id).toBe(beta.id);
    expect(res.body.data.user.company_role).toBe('admin');
  });

  it('treats a null or empty company_id as absent', async () => {
    const { alpha, user } = await agentInTwoCompanies();
    for (const company_id of [null, '']) {
      const res = await login({ email: user.email, password: make.PASSWORD, company_id });
      expect(res.status).toBe(200);
      expect(res.body.data.current_company.company_id).toBe(alpha.id);
    }
  });

  it('refuses a company_id the user does not belong to with 422 on company_id', async () => {
    const { user } = await agentInTwoCompanies();
    const other = await make.createCompany(t.db);
    const res = await login({ email: user.email, password: make.PASSWORD, company_id: other.id });
    expect(fieldErrorsOf(res)).toEqual({ company_id: ['You are not a member of this company'] });
  });

  it('lists a suspended company with its status but does not make it current', async () => {
    const { alpha, beta, user } = await agentInTwoCompanies();
    await t.db.update(companies).set({ status: 'suspended' }).where(eq(companies.id, alpha.id));
    const res = await login({ email: user.email, password: make.PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.current_company.company_id).toBe(beta.id);
    expect(res.body.data.companies.map((c: any) => [c.company_id, c.status])).toEqual([
      [alpha.id, 'suspended'],
      [beta.id, 'active'],
    ]);
    const chosen = await login({ email: user.email, password: make.PASSWORD, company_id: alpha.id });
    expect(errorOf(chosen, 403).code).toBe('COMPANY_SUSPENDED');
  });

  it('answers a user without companies with no current company', async () => {
    const user = await make.createUser(t.db);
    const res = await login({ email: user.email, password: make.PASSWORD });
    expect(dataOf(res)).toMatchObject({ current_company: null, companies: [] });
    expect(res.body.data.user).toMatchObject({ company_role: null, current_company: null, companies: [] });
  });

  it('gives a platform admin the admin role and every app in its companies', async () => {
    const company = await make.createCompany(t.db);
    const app = await make.createApp(t.db, company.id);
    const admin = await make.createUser(t.db, { isPlatformAdmin: true });
    await make.addCompanyMember(t.db, company.id, admin.id, 'agent');
    const res = await login({ email: admin.email, password: make.PASSWORD });
    expect(res.body.data.user.is_platform_admin).toBe(true);
    expect(res.body.data.current_company).toMatchObject({
      role: 'admin',
      apps: [{ app_id: app.id, role: 'admin' }],
    });
  });

  it('matches the email whatever its case and surrounding spaces', async () => {
    const user = await make.createUser(t.db, { email: 'Mixed.Case@Example.test' });
    const res = await login({ email: '  mixed.CASE@example.TEST ', password: make.PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.user.user_id).toBe(user.id);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const user = await make.createUser(t.db);
    const wrong = await login({ email: user.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.test', password: make.PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      success: false,
      message: LOGIN_FAILED_MESSAGE,
      error: { code: 'UNAUTHENTICATED', message: LOGIN_FAILED_MESSAGE },
    });
  });

  it('tells a suspended user so only when the password is right', async () => {
    const user = await make.createUser(t.db);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const right = await login({ email: user.email, password: make.PASSWORD });
    expect(errorOf(right, 403)).toEqual({ code: 'USER_SUSPENDED', message: 'Your account is suspended' });
    const wrong = await login({ email: user.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(LOGIN_FAILED_MESSAGE);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('requires both email and password', async () => {
    const res = await login({ email: '', password: '' });
    expect(fieldErrorsOf(res)).toMatchObject({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it('records a session with its origin and a 30-day expiry', async () => {
    const user = await make.createUser(t.db);
    const res = await call(t.app, 'POST', '/auth/login', {
      body: { email: user.email, password: make.PASSWORD },
      headers: { 'user-agent': 'vitest-browser/1.0' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row).toMatchObject({ ip: '127.0.0.1', userAgent: 'vitest-browser/1.0', revokedAt: null });
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const payload = JSON.parse(Buffer.from(res.body.data.access_token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ sub: String(user.id), sid: row!.id });
  });
});
