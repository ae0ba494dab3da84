import type { App } from '@inbox/contract';
import { ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { roleLabel } from '@/components/role-select';
import { ActiveBadge } from '@/components/tone-badge';
import { cn } from '@/lib/utils';

/** App admins and managers administer an app (settings, queues); agents only work in it. */
export const canManageApp = (app: Pick<App, 'role'>) => app.role === 'admin' || app.role === 'manager';

export function AppCard({ app, selected }: { app: App; selected: boolean }) {
  const manageable = canManageApp(app);
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate font-medium">{app.app_name}</h3>
        <ActiveBadge active={app.is_active} />
      </div>
      <p className="line-clamp-2 min-h-10 text-muted-foreground text-sm">
        {app.description || 'No description.'}
      </p>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">
          Your role:{' '}
          <span className="font-medium text-foreground">{app.role ? roleLabel(app.role) : '—'}</span>
        </span>
        {manageable && (
          <span className="inline-flex items-center gap-0.5 font-medium">
            Manage
            <ChevronRightIcon className="size-4" aria-hidden />
          </span>
        )}
      </div>
    </>
  );
  const className = cn(
    'flex flex-col gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-xs',
    selected && 'ring-2 ring-ring/60',
  );
  if (!manageable) return <div className={className}>{body}</div>;
  return (
    <Link
      to={`/admin/apps/${app.app_id}`}
      className={cn(
        className,
        'transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      {/* "Manage" before what the card shows: the link's name contains its visible text (axe). */}
      <span className="sr-only">Manage </span>
      {body}
    </Link>
  );
}
