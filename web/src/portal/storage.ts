import { safeStorage } from '@/lib/safe-storage';
import { STORAGE_KEYS } from '@/lib/storage';
import { embed } from './embed';
import { hostStore } from './host-session';

/**
 * The customer's browser storage (product spec section 3). portal_app_id lives in both storages. Opened on
 * its own, the portal keeps them in its own storage, in memory where the browser refuses it; inside the
 * website widget, the session is the host page's (`host-session.ts`, decision 040), since a browser that
 * blocks third-party storage gives the frame none.
 */
const local = embed ? hostStore : safeStorage('localStorage');
const session = embed ? hostStore : safeStorage('sessionStorage');

export const portalStore = {
  token: () => local.getItem(STORAGE_KEYS.portalToken),
  conversationId: () => local.getItem(STORAGE_KEYS.conversationId),
  appId: () => session.getItem(STORAGE_KEYS.portalAppId) ?? local.getItem(STORAGE_KEYS.portalAppId),
  name: () => local.getItem(STORAGE_KEYS.portalName) ?? '',
  email: () => local.getItem(STORAGE_KEYS.portalEmail) ?? '',
  /** The newest message the customer saw with the widget's panel open (its unread count starts there). */
  seen: () => Number(local.getItem(STORAGE_KEYS.portalWidgetSeen) ?? 0),

  setAppId(appId: string) {
    local.setItem(STORAGE_KEYS.portalAppId, appId);
    session.setItem(STORAGE_KEYS.portalAppId, appId);
  },

  setSeen(messageId: number) {
    local.setItem(STORAGE_KEYS.portalWidgetSeen, String(messageId));
  },

  /** After a successful start: the session, its app, and the customer's name and email for next time. */
  saveStart(s: { token: string; conversationId: string; appId: string; name: string; email: string }) {
    local.setItem(STORAGE_KEYS.portalToken, s.token);
    local.setItem(STORAGE_KEYS.conversationId, s.conversationId);
    portalStore.setAppId(s.appId);
    local.setItem(STORAGE_KEYS.portalName, s.name);
    local.setItem(STORAGE_KEYS.portalEmail, s.email);
  },

  /** A session opened from a link (no form here): remember it so a reload comes back to it. */
  adopt(token: string, conversationId: string, appId: string) {
    local.setItem(STORAGE_KEYS.portalToken, token);
    local.setItem(STORAGE_KEYS.conversationId, conversationId);
    portalStore.setAppId(appId);
  },

  /** Forgets the chat session; the app id, name and email stay so the next form is quick to fill. */
  clearSession() {
    local.removeItem(STORAGE_KEYS.portalToken);
    local.removeItem(STORAGE_KEYS.conversationId);
  },
};
