import { chatUrl, entryUrl } from '../navigation';

/**
 * Where the entry form sends the visitor before showing anything (product spec section 4):
 * no app_id but a remembered one -> that app's form; a remembered session without new=true -> the chat
 * (only for the app it belongs to, so a link to another app still opens that app's form).
 */
export function entryRedirect(
  link: { appId: string | null; fresh: boolean },
  stored: { appId: string | null; token: string | null },
): string | null {
  if (!link.appId) return stored.appId ? entryUrl(stored.appId) : null;
  if (stored.token && !link.fresh && (!stored.appId || stored.appId === link.appId)) {
    return chatUrl(stored.token);
  }
  return null;
}
