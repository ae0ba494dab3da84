/** Browser storage keys of product spec section 3; one place so no key is spelled twice. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  companyId: 'company_id',
  currentCompany: 'current_company',
  userCompanies: 'user_companies',
  userData: 'user_data',
  lastSelectedCompanyId: 'last_selected_company_id',
  selectedAppId: 'selected_app_id',
  theme: 'theme',
  /** 'on' when the console plays a tone for new customer messages in a background tab. */
  messageSound: 'message_sound',
  /** 'off' (under `notification_sound:<user_id>`) when that person turned the new-notification chime off. */
  notificationSound: 'notification_sound',
  impersonateUserId: 'impersonate_user_id',
  /** Where a platform admin came from, and which company was current, before impersonating. */
  impersonationReturn: 'impersonation_return',
  /** 'closed' when the agent folded the customer panel beside the thread away (kept per browser). */
  customerPanel: 'customer_panel',
  portalToken: 'portal_token',
  conversationId: 'conversation_id',
  portalAppId: 'portal_app_id',
  portalName: 'portal_name',
  portalEmail: 'portal_email',
  /** The newest message seen in the website widget's open panel (kept with the session on the host page). */
  portalWidgetSeen: 'portal_widget_seen',
} as const;

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown) {
  localStorage.setItem(key, JSON.stringify(value));
}

export const getToken = () => localStorage.getItem(STORAGE_KEYS.authToken);

/** Forgets the console session (portal keys are the customer's and stay). */
export function clearSession() {
  for (const key of [
    STORAGE_KEYS.authToken,
    STORAGE_KEYS.companyId,
    STORAGE_KEYS.currentCompany,
    STORAGE_KEYS.userCompanies,
    STORAGE_KEYS.userData,
    STORAGE_KEYS.impersonateUserId,
    STORAGE_KEYS.impersonationReturn,
  ]) {
    localStorage.removeItem(key);
  }
}
