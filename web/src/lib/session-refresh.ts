import type { User } from '@inbox/contract';
import { api } from '@/lib/api-client';
import { refreshUser } from '@/lib/session';

/**
 * The sidebar's company and app switchers read the stored session. After an admin changes apps, companies
 * or memberships (their own included), it is refreshed from /auth/me. A failure here is not the user's
 * concern: the next sign-in fixes it.
 */
export function refreshSession() {
  api
    .get<User>('/auth/me')
    .then(refreshUser)
    .catch(() => undefined);
}
