import type { CompanySummary, LoginResult, User } from '@inbox/contract';
import { useSyncExternalStore } from 'react';
import { clearSession, readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * The signed-in console session as the browser keeps it (product spec section 3): token, user, companies,
 * the current company and the selected app. Server truth comes from /auth/me; this mirrors it for the UI.
 */
export interface SessionSnapshot {
  token: string | null;
  user: User | null;
  companies: CompanySummary[];
  company: CompanySummary | null;
  selectedAppId: number | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot | undefined;

function read(): SessionSnapshot {
  const company = readJson<CompanySummary>(STORAGE_KEYS.currentCompany);
  const appId = Number(localStorage.getItem(STORAGE_KEYS.selectedAppId));
  const apps = company?.apps ?? [];
  // A selected app outside the current company's list falls back to the first app (product spec section 4).
  const selected = apps.find((a) => a.app_id === appId)?.app_id ?? apps[0]?.app_id ?? null;
  return {
    token: localStorage.getItem(STORAGE_KEYS.authToken),
    user: readJson<User>(STORAGE_KEYS.userData),
    companies: readJson<CompanySummary[]>(STORAGE_KEYS.userCompanies) ?? [],
    company,
    selectedAppId: selected,
  };
}

/**
 * Publishes the stored session. An unchanged session (the usual /auth/me refresh) keeps the same snapshot
 * and wakes no one: re-rendering the whole shell on every refresh closed an open switcher under the user.
 */
function emit() {
  const next = read();
  if (snapshot && JSON.stringify(next) === JSON.stringify(snapshot)) return;
  snapshot = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || Object.values(STORAGE_KEYS).includes(e.key as never)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getSession(): SessionSnapshot {
  snapshot ??= read();
  return snapshot;
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

function storeCompany(company: CompanySummary | null) {
  if (company) {
    writeJson(STORAGE_KEYS.currentCompany, company);
    localStorage.setItem(STORAGE_KEYS.companyId, String(company.company_id));
    localStorage.setItem(STORAGE_KEYS.lastSelectedCompanyId, String(company.company_id));
  } else {
    localStorage.removeItem(STORAGE_KEYS.currentCompany);
    localStorage.removeItem(STORAGE_KEYS.companyId);
  }
}

/** Stores what /auth/login answered. */
export function startSession(result: LoginResult) {
  localStorage.setItem(STORAGE_KEYS.authToken, result.access_token);
  writeJson(STORAGE_KEYS.userCompanies, result.companies);
  writeJson(STORAGE_KEYS.userData, result.user);
  storeCompany(result.current_company);
  emit();
}

/** Refreshes user and companies from /auth/me, keeping the current company when it still exists. */
export function refreshUser(user: User) {
  writeJson(STORAGE_KEYS.userData, user);
  writeJson(STORAGE_KEYS.userCompanies, user.companies);
  const currentId = getSession().company?.company_id;
  const company = user.companies.find((c) => c.company_id === currentId) ?? user.current_company;
  storeCompany(company ?? null);
  emit();
}

/** Switching company selects that company's first app (product spec section 4). */
export function switchCompany(company: CompanySummary) {
  storeCompany(company);
  const first = company.apps[0]?.app_id;
  if (first) localStorage.setItem(STORAGE_KEYS.selectedAppId, String(first));
  else localStorage.removeItem(STORAGE_KEYS.selectedAppId);
  emit();
}

export function selectApp(appId: number) {
  localStorage.setItem(STORAGE_KEYS.selectedAppId, String(appId));
  emit();
}

export function endSession() {
  clearSession();
  emit();
}

/**
 * Admin is shown to company admins and to anyone with an app role of admin or manager (product spec 2, 6),
 * judged in the current company: the Admin page administers that company, so an app manager of another
 * company would find nothing there to use (decision 017).
 */
export function canSeeAdmin(s: SessionSnapshot): boolean {
  if (s.company?.role === 'admin') return true;
  return (s.company?.apps ?? []).some((a) => a.role === 'admin' || a.role === 'manager');
}

/** Billing and API keys are the company admin's alone (contract section 4). */
export const isCompanyAdmin = (s: SessionSnapshot) => s.company?.role === 'admin';

export function companyTimezone(s: SessionSnapshot): string {
  return s.company?.timezone || 'UTC';
}
