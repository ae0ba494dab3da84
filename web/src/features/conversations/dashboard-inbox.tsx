import { useQuery } from '@tanstack/react-query';
import { InboxIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LinkButton } from '@/components/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { dashboardQuery } from './api';
import { ConversationRow } from './components/conversation-row';
import { useNow } from './components/use-now';

interface DashboardInboxProps {
  /** The app to show; the session's selected app when left out. */
  appId?: number | null;
  /** How many recent conversations to list (1–100). */
  limit?: number;
  className?: string;
}

const TILES = [
  { key: 'open', label: 'Open', to: '/conversations?status=open' },
  { key: 'pending', label: 'Pending', to: '/conversations?status=pending' },
  { key: 'unassigned', label: 'Unassigned', to: '/conversations?assignee=unassigned' },
  { key: 'mine', label: 'Mine', to: '/conversations?assignee=mine' },
  { key: 'resolved_today', label: 'Resolved today', to: '/conversations?status=resolved' },
] as const;

/**
 * The inbox at a glance for the dashboard: open, pending, unassigned, mine and resolved-today counts of the
 * app, and its latest conversations (GET /dashboards, refreshed every 15 s). Each count opens the matching list.
 */
export function DashboardInbox({ appId, limit = 8, className }: DashboardInboxProps) {
  const session = useSession();
  const cid = session.company?.company_id;
  const app = appId === undefined ? session.selectedAppId : appId;
  const dashboard = useQuery({ ...dashboardQuery(cid ?? 0, app ?? null, limit), enabled: cid !== undefined });
  const now = useNow();
  if (cid === undefined) return null;
  return (
    <section aria-labelledby="inbox-heading" className={cn('space-y-3', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="inbox-heading" className="font-medium">
          Inbox
        </h2>
        <LinkButton to="/conversations" variant="ghost" size="sm">
          Open inbox
        </LinkButton>
      </div>
      {dashboard.isPending ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading inbox">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {TILES.map((t) => (
              <Skeleton key={t.key} className="h-[74px] rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : dashboard.isError ? (
        <ErrorState error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {TILES.map((t) => (
              <li key={t.key} className={cn(t.key === 'resolved_today' && 'col-span-2 sm:col-span-1')}>
                <Link
                  to={t.to}
                  className="flex flex-col gap-1 rounded-xl border bg-card px-4 py-3 text-card-foreground shadow-xs outline-none transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="text-muted-foreground text-xs">{t.label}</span>
                  <span className="font-semibold text-2xl tabular-nums" data-testid={`count-${t.key}`}>
                    {dashboard.data.counts[t.key]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs">
            <h3 className="border-b px-3 py-2.5 font-medium text-sm">Recent conversations</h3>
            {dashboard.data.conversations.length === 0 ? (
              <EmptyState
                icon={InboxIcon}
                title="No conversations yet"
                description="When customers write in through the portal, their conversations show up here."
                className="m-3 border-none"
              />
            ) : (
              <ul className="[&>li:last-child>a]:border-b-0">
                {dashboard.data.conversations.map((c) => (
                  <li key={c.conversation_id}>
                    <ConversationRow
                      conversation={c}
                      to={`/conversations/${c.conversation_id}`}
                      selected={false}
                      tabbable
                      now={now}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
