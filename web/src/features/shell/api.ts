import type { User } from '@inbox/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { endSession, refreshUser } from '@/lib/session';
import { getToken, STORAGE_KEYS } from '@/lib/storage';

/**
 * GET /auth/me: the signed-in user (or the impersonated one), refreshed into the session on each fetch. The
 * impersonated id is part of the key, so starting or stopping impersonation fetches the other user.
 */
export const meQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me', localStorage.getItem(STORAGE_KEYS.impersonateUserId)],
    queryFn: async ({ signal }) => {
      const token = getToken();
      const user = await api.get<User>('/auth/me', { signal });
      // An answer that lands after Sign Out (or a sign-in as someone else) must not revive the old user.
      if (token && getToken() === token) refreshUser(user);
      return user;
    },
  });

/**
 * Sign Out: the login page comes first (marked as a deliberate sign-out, so it does not bounce a still-present
 * token back into the console), then POST /auth/logout (its failure changes nothing), then the session and the
 * query cache are forgotten. Ending the session before leaving would let the access rule redirect to
 * /login?redirect=... instead.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await navigate('/login', { replace: true, state: { signedOut: true } });
    await api.post('/auth/logout').catch(() => undefined);
    endSession();
    queryClient.clear();
  };
}
