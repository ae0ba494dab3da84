import type { CompanySummary, LoginResult, User } from '@inbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  canSeeAdmin,
  companyTimezone,
  endSession,
  getSession,
  refreshUser,
  type SessionSnapshot,
  selectApp,
  startSession,
  switchCompany,
} from './session';
import { STORAGE_KEYS } from './storage';

const company = (id: number, apps: [number, CompanySummary['apps'][number]['role']][], role = 'agent') =>
  ({
    company_id: id,
    company_name: `Company ${id}`,
    timezone: 'Europe/Paris',
    role,
    status: 'active',
    apps: apps.map(([app_id, appRole]) => ({ app_id, app_name: `App ${app_id}`, role: appRole })),
    apps_count: apps.length,
  }) as CompanySummary;

const acme = company(1, [
  [11, 'agent'],
  [12, 'agent'],
]);
const globex = company(2, [
  [21, 'manager'],
  [22, 'agent'],
]);

const user = (companies: CompanySummary[], current: CompanySummary | null): User => ({
  user_id: 5,
  name: 'Ann Agent',
  email: 'ann@example.com',
  initials: 'AA',
  is_platform_admin: false,
  company_role: current?.role ?? null,
  companies,
  current_company: current,
});

const login = (companies: CompanySummary[], current: CompanySummary | null): LoginResult => ({
  access_token: 'tok',
  current_company: current,
  companies,
  user: user(companies, current),
});

beforeEach(() => {
  localStorage.clear();
  endSession();
});

describe('session', () => {
  it('keeps the same snapshot when a refresh changes nothing, and a new one when it does', () => {
    startSession(login([acme, globex], acme));
    const before = getSession();
    refreshUser(user([acme, globex], acme));
    expect(getSession()).toBe(before);
    refreshUser(user([acme], acme));
    expect(getSession()).not.toBe(before);
    expect(getSession().companies).toHaveLength(1);
  });

  it('stores what login answered', () => {
    startSession(login([acme, globex], acme));
    const s = getSession();
    expect(s.token).toBe('tok');
    expect(s.user?.email).toBe('ann@example.com');
    expect(s.companies.map((c) => c.company_id)).toEqual([1, 2]);
    expect(s.company?.company_id).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.companyId)).toBe('1');
    expect(localStorage.getItem(STORAGE_KEYS.lastSelectedCompanyId)).toBe('1');
  });

  it("chooses the company's first app when no app was selected", () => {
    startSession(login([acme], acme));
    expect(getSession().selectedAppId).toBe(11);
  });

  it('keeps a selected app of the current company', () => {
    startSession(login([acme], acme));
    selectApp(12);
    expect(getSession().selectedAppId).toBe(12);
    expect(localStorage.getItem(STORAGE_KEYS.selectedAppId)).toBe('12');
  });

  it("falls back to the first app when the selected app is not in the current company's list", () => {
    localStorage.setItem(STORAGE_KEYS.selectedAppId, '21');
    startSession(login([acme, globex], acme));
    expect(getSession().selectedAppId).toBe(11);
  });

  it('has no selected app in a company without apps', () => {
    startSession(login([company(3, [])], company(3, [])));
    expect(getSession().selectedAppId).toBeNull();
  });

  it('switching company makes it current and stores its first app as selected', () => {
    startSession(login([acme, globex], acme));
    selectApp(12);
    switchCompany(globex);
    const s = getSession();
    expect(s.company?.company_id).toBe(2);
    expect(s.selectedAppId).toBe(21);
    expect(localStorage.getItem(STORAGE_KEYS.selectedAppId)).toBe('21');
    expect(localStorage.getItem(STORAGE_KEYS.companyId)).toBe('2');
  });

  it('refreshing the user keeps the current company while it still exists', () => {
    startSession(login([acme, globex], acme));
    switchCompany(globex);
    refreshUser(user([acme, globex], acme));
    expect(getSession().company?.company_id).toBe(2);
  });

  it("refreshing the user falls back to the server's current company when the stored one is gone", () => {
    startSession(login([acme, globex], acme));
    switchCompany(globex);
    refreshUser(user([acme], acme));
    expect(getSession().company?.company_id).toBe(1);
    expect(getSession().companies).toHaveLength(1);
  });

  it('ending the session forgets token, user and company', () => {
    startSession(login([acme], acme));
    endSession();
    const s = getSession();
    expect(s).toMatchObject({ token: null, user: null, company: null, companies: [] });
  });

  it('uses the company timezone, UTC without one', () => {
    startSession(login([acme], acme));
    expect(companyTimezone(getSession())).toBe('Europe/Paris');
    expect(companyTimezone({ ...getSession(), company: null })).toBe('UTC');
  });
});

describe('canSeeAdmin', () => {
  const snapshot = (companies: CompanySummary[], current: CompanySummary | null): SessionSnapshot => ({
    token: 't',
    user: user(companies, current),
    companies,
    company: current,
    selectedAppId: null,
  });

  it('admits a company admin', () => {
    const admin = company(1, [[11, 'agent']], 'admin');
    expect(canSeeAdmin(snapshot([admin], admin))).toBe(true);
  });

  it('admits an app admin or manager of the current company, not of another one', () => {
    expect(canSeeAdmin(snapshot([acme, globex], globex))).toBe(true);
    const appAdmin = company(4, [[41, 'admin']]);
    expect(canSeeAdmin(snapshot([acme, appAdmin], appAdmin))).toBe(true);
    // Acme's Admin page would hold nothing Globex's manager may change.
    expect(canSeeAdmin(snapshot([acme, globex], acme))).toBe(false);
  });

  it('refuses an agent everywhere', () => {
    expect(canSeeAdmin(snapshot([acme], acme))).toBe(false);
    expect(canSeeAdmin(snapshot([], null))).toBe(false);
  });
});
