import { useQuery } from '@tanstack/react-query';
import { LayersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActiveBadge, ToneBadge } from '@/components/tone-badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { adminQueuesQuery } from '../api/queues';
import { CompanyFilter, ListTab } from './list-tab';
import { useAppNames } from './lookups';
import { AppPicker } from './pickers';
import { AdminQueueDialog } from './queue-dialog';

export function QueuesTab() {
  const [company, setCompany] = useState({ id: '', name: '' });
  const [app, setApp] = useState({ id: '', name: '' });
  const [offset, setOffset] = useState(0);
  const companyId = company.id ? Number(company.id) : undefined;
  const appId = app.id ? Number(app.id) : undefined;
  const queues = useQuery(adminQueuesQuery({ company_id: companyId, app_id: appId, offset }));
  const appName = useAppNames(companyId);
  const filtered = !!companyId || !!appId;
  return (
    <ListTab
      filters={
        <>
          <CompanyFilter
            value={company}
            onChange={(choice) => {
              setCompany(choice);
              setApp({ id: '', name: '' });
              setOffset(0);
            }}
          />
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
      head={
        <>
          <TableHead>Queue</TableHead>
          <TableHead className="hidden sm:table-cell">App</TableHead>
          <TableHead>Visibility</TableHead>
          <TableHead className="hidden md:table-cell">Status</TableHead>
          <TableHead className="hidden md:table-cell">Members</TableHead>
        </>
      }
      row={(q) => (
        <TableRow key={q.queue_id}>
          <TableCell className="max-w-[12rem] sm:max-w-xs">
            <span className="block truncate font-medium">{q.queue_name}</span>
            <Link
              to={`/platform-admin/app/${q.app_id}`}
              className="block truncate text-muted-foreground text-xs hover:underline sm:hidden"
            >
              {appName(q.app_id)}
            </Link>
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            <Link to={`/platform-admin/app/${q.app_id}`} className="text-muted-foreground hover:underline">
              {appName(q.app_id)}
            </Link>
          </TableCell>
          <TableCell>
            <ToneBadge tone={q.is_private ? 'warning' : 'info'}>
              {q.is_private ? 'Private' : 'Public'}
            </ToneBadge>
          </TableCell>
          <TableCell className="hidden md:table-cell">
            <ActiveBadge active={q.is_active} />
          </TableCell>
          <TableCell className="hidden tabular-nums md:table-cell">{q.members_count}</TableCell>
        </TableRow>
      )}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
