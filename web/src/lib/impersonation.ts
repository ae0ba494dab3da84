import { STORAGE_KEYS } from './storage';

/** What impersonation changes in storage, kept to be put back when it stops. */
interface Return {
  path: string;
  companyId: string | null;
  currentCompany: string | null;
  selectedAppId: string | null;
}

const KEPT = {
  companyId: STORAGE_KEYS.companyId,
  currentCompany: STORAGE_KEYS.currentCompany,
  selectedAppId: STORAGE_KEYS.selectedAppId,
} as const;

function put(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

/**
 * Acting as a user: the API client sends X-Impersonate-User-Id from storage, and the company header must
 * name one of the user's own companies (or none). A full load lets the shell start over as that user.
 */
export function startImpersonation(userId: number, companyId: number | undefined, returnPath: string) {
  const saved: Return = {
    path: returnPath,
    companyId: localStorage.getItem(KEPT.companyId),
    currentCompany: localStorage.getItem(KEPT.currentCompany),
    selectedAppId: localStorage.getItem(KEPT.selectedAppId),
  };
  localStorage.setItem(STORAGE_KEYS.impersonationReturn, JSON.stringify(saved));
  localStorage.setItem(STORAGE_KEYS.impersonateUserId, String(userId));
  put(KEPT.companyId, companyId === undefined ? null : String(companyId));
  localStorage.removeItem(KEPT.currentCompany);
  localStorage.removeItem(KEPT.selectedAppId);
  window.location.assign('/dashboard');
}

/** Back to being oneself, on the page impersonation started from, with one's own company current again. */
export function stopImpersonation() {
  let saved: Return | null = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.impersonationReturn) ?? 'null') as Return | null;
  } catch {
    saved = null;
  }
  localStorage.removeItem(STORAGE_KEYS.impersonateUserId);
  localStorage.removeItem(STORAGE_KEYS.impersonationReturn);
  for (const [field, key] of Object.entries(KEPT)) put(key, saved?.[field as keyof typeof KEPT] ?? null);
  window.location.assign(saved?.path ?? '/platform-admin');
}
