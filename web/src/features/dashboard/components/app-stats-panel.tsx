import { useQuery } from '@tanstack/react-query';
import {
  CheckCircle2Icon,
  ClockIcon,
  ContactIcon,
  InboxIcon,
  LayersIcon,
  LockIcon,
  UserRoundXIcon,
  UsersIcon,
} from 'lucide-react';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { appStatsQuery } from '../api';
import { StatTile } from './stat-tile';

/** The conversation counts by state, each with its colour (Closed stays neutral). */
const STATUS_TILES = [
  { key: 'open', label: 'Open', icon: InboxIcon, tone: 'bg-sky-500/15 text-sky-700 dark:text-sky-400' },
  {
    key: 'pending',
    label: 'Pending',
    icon: ClockIcon,
    tone: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  },
  {
    key: 'unassigned',
    label: 'Unassigned',
    icon: UserRoundXIcon,
    tone: 'bg-destructive/15 text-destructive',
  },
  { key: 'resolved', label: 'Resolved', icon: CheckCircle2Icon, tone: 'bg-success/15 text-success' },
  { key: 'closed', label: 'Closed', icon: LockIcon, tone: undefined },
] as const;

export function AppStatsPanel({
  companyId,
  appId,
  appName,
  withConversations = true,
}: {
  companyId: number;
  appId: number;
  appName: string;
  /** Off when the page already shows the inbox's own conversation counts above. */
  withConversations?: boolean;
}) {
  const stats = useQuery(appStatsQuery(companyId, appId));
  if (stats.isPending) {
    return (
      <div
        className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-5"
        role="status"
        aria-busy="true"
        aria-label="Loading stats"
      >
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-[74px] rounded-xl" />
        ))}
      </div>
    );
  }
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => stats.refetch()} />;
  const s = stats.data;
  const c = s.conversations;
  return (
    <div className="space-y-6">
      {withConversations && (
        <section aria-labelledby="conversations-heading" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h2 id="conversations-heading" className="font-medium">
              Conversations
            </h2>
            <p className="text-muted-foreground text-sm">
              {c.total === 0
                ? `No conversations yet. They appear here as customers reach ${appName}.`
                : `${c.total.toLocaleString()} in total`}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
            {STATUS_TILES.map((t) => (
              <StatTile key={t.key} label={t.label} value={c[t.key]} icon={t.icon} tone={t.tone} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="setup-heading" className="space-y-3">
        <h2 id="setup-heading" className="font-medium">
          Team and customers
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <StatTile label="Queues" value={s.queues_count} icon={LayersIcon} />
          <StatTile label="Members" value={s.members_count} icon={UsersIcon} />
          <StatTile label="Customers" value={s.customers_count} icon={ContactIcon} />
        </div>
      </section>
    </div>
  );
}
