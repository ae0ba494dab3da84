import type { User } from '@inbox/contract';
import { api } from '@/lib/api-client';
import { refreshUser } from '@/lib/session';

/**
 * A platform admin may change their own memberships or a company they belong to; the sidebar's switchers
 * read the stored session, so it is refreshed from /auth/me. A failure is harmless: sign-in fixes it.
 */
export function refreshSession() {
  api
    .get<User>('/auth/me')
    .then(refreshUser)
    .catch(() => undefined);
}
