import { NEAR_LIMIT, type PlanLimits } from '@inbox/contract';
import { storageSize } from '@/lib/format';

export type Resource = keyof PlanLimits;

export const RESOURCES: { key: Resource; label: string; format: (n: number) => string }[] = [
  { key: 'seats', label: 'Seats', format: (n) => n.toLocaleString() },
  { key: 'conversations', label: 'Conversations this month', format: (n) => n.toLocaleString() },
  { key: 'ai_requests', label: 'AI requests this month', format: (n) => n.toLocaleString() },
  { key: 'storage_bytes', label: 'File storage', format: storageSize },
];

/** How close a use is to its limit: null without a limit. */
export function standing(used: number, limit: number | null) {
  if (limit === null) return { share: null, level: 'ok' as const };
  const share = limit === 0 ? 1 : used / limit;
  return {
    share,
    level: share > 1 ? ('over' as const) : share >= NEAR_LIMIT ? ('near' as const) : ('ok' as const),
  };
}

export const limitText = (r: (typeof RESOURCES)[number], limit: number | null) =>
  limit === null ? 'No limit' : r.format(limit);
