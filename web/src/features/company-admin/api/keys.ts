import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListResult } from '@/lib/api-client';

/**
 * Query keys of the company side: ['company', companyId, ...]. The dashboard uses the same prefixes, so an
 * invalidation here (apps, app-stats) refreshes it too.
 */
export const adminKeys = {
  company: (cid: number) => ['company', cid, 'details'] as const,
  apps: (cid: number) => ['company', cid, 'apps'] as const,
  app: (cid: number, appId: number) => ['company', cid, 'app', appId] as const,
  stats: (cid: number) => ['company', cid, 'app-stats'] as const,
  appMembers: (cid: number, appId: number) => ['company', cid, 'app-members', appId] as const,
  queues: (cid: number, appId: number) => ['company', cid, 'queues', appId] as const,
  queueMembers: (cid: number, queueId: number) => ['company', cid, 'queue-members', queueId] as const,
  users: (cid: number) => ['company', cid, 'users'] as const,
  activities: (cid: number) => ['company', cid, 'activities'] as const,
  responders: (cid: number, appId: number) => ['company', cid, 'auto-responders', appId] as const,
  integrations: (cid: number, appId: number) => ['company', cid, 'integrations', appId] as const,
  apiKeys: (cid: number) => ['company', cid, 'api-keys'] as const,
};

/** "an admin", "an agent", "a manager": for success messages about roles. */
export const withArticle = (role: string) => `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`;

/**
 * Shows a change at once in every cached page of a list (a role picked in a select must not flick back while
 * the call runs); the refetch after the call confirms it, or puts the server's truth back.
 */
export async function patchRows<T>(
  qc: QueryClient,
  key: QueryKey,
  match: (row: T) => boolean,
  patch: Partial<T>,
) {
  // A refetch already under way would otherwise land after the patch and undo it.
  await qc.cancelQueries({ queryKey: key });
  qc.setQueriesData<ListResult<T>>(
    { queryKey: key },
    (old) => old && { ...old, data: old.data.map((r) => (match(r) ? { ...r, ...patch } : r)) },
  );
}
