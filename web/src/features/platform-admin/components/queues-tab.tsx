import type { Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { LayersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { ActiveBadge, ToneBadge } from '@/components/tone-badge';
import { adminQueuesQuery } from '../api/queues';
import { NO_CHOICE } from './link-adder';
import { ListTab, useCompanyFilter } from './list-tab';
import { useAppNames } from './lookups';
import { AppPicker } from './pickers';
import { AdminQueueDialog } from './queue-dialog';

/** The columns, with the app's name (shown under the queue's on a phone, where its column is hidden). */
function queueColumns(appName: (id: number) => string): Column<Queue>[] {
  const appLink = (q: Queue, className: string) => (
    <Link to={`/platform-admin/app/${q.app_id}`} className={className}>
      {appName(q.app_id)}
    </Link>
  );
  return [
    {
      head: 'Queue',
      className: 'max-w-[12rem] sm:max-w-xs',
      cell: (q) => (
        <>
          <span className="block truncate font-medium">{q.queue_name}</span>
          {appLink(q, 'block truncate text-muted-foreground text-xs hover:underline sm:hidden')}
        </>
      ),
    },
    { head: 'App', from: 'sm', cell: (q) => appLink(q, 'text-muted-foreground hover:underline') },
    {
      head: 'Visibility',
      cell: (q) => (
        <ToneBadge tone={q.is_private ? 'warning' : 'info'}>{q.is_private ? 'Private' : 'Public'}</ToneBadge>
      ),
    },
    { head: 'Status', from: 'md', cell: (q) => <ActiveBadge active={q.is_active} /> },
    { head: 'Members', from: 'md', className: 'tabular-nums', cell: (q) => q.members_count },
  ];
}

export function QueuesTab() {
  const [app, setApp] = useState(NO_CHOICE);
  const [offset, setOffset] = useState(0);
  const { companyId, filter } = useCompanyFilter(() => {
    setApp(NO_CHOICE);
    setOffset(0);
  });
  const appId = app.id ? Number(app.id) : undefined;
  const queues = useQuery(adminQueuesQuery({ company_id: companyId, app_id: appId, offset }));
  const appName = useAppNames(companyId);
  const filtered = !!companyId || !!appId;
  return (
    <ListTab
      filters={
        <>
          {filter}
          <AppPicker
            className="sm:w-56"
            companyId={companyId}
            value={app.id}
            selectedLabel={app.name}
            clearLabel="All apps"
            label="Filter by app"
            onChange={(id, name) => {
              setApp({ id, name });
              setOffset(0);
            }}
          />
        </>
      }
      createLabel="Create queue"
      createDialog={(open, onOpenChange) => <AdminQueueDialog open={open} onOpenChange={onOpenChange} />}
      list={queues}
      loadingLabel="Loading queues"
      empty={{
        icon: LayersIcon,
        title: filtered ? 'No queues match' : 'No queues yet',
        description: filtered ? 'Try another company or app.' : 'Queues are created inside apps.',
      }}
      columns={queueColumns(appName)}
      rowKey={(q) => q.queue_id}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
