import type { Activity } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { HistoryIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { DateRangeFields } from '@/components/date-range-fields';
import { EmptyState } from '@/components/empty-state';
import { Field } from '@/components/field';
import { OptionSelect } from '@/components/option-select';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { parseServerTime, relativeTime } from '@/lib/format';
import { ACTIVITIES_PAGE, activitiesQuery } from '../api/activities';
import { companyUsersQuery } from '../api/users';

/** The families of activity types the filter offers (`type` takes a family or one exact type). */
const FAMILIES: [string, string][] = [
  ['', 'All activity'],
  ['company', 'Company'],
  ['company_member', 'Company members'],
  ['app', 'Apps'],
  ['app_member', 'App members'],
  ['queue', 'Queues'],
  ['queue_member', 'Queue members'],
  ['auto_responder', 'Auto-responders'],
  ['integration', 'Integrations'],
  ['conversation', 'Conversations'],
  ['customer', 'Customers'],
  ['user', 'User accounts'],
];

const FILTERS = ['type', 'user', 'from', 'to'] as const;

/** `/admin?tab=activity`: who changed what in the company, filtered by type, person and days; in the URL. */
export function ActivitySection({ companyId }: { companyId: number }) {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const user = params.get('user') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const offset = Number(params.get('offset')) || 0;
  const set = (key: (typeof FILTERS)[number] | 'offset', value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        // A new filter starts from the first page.
        if (key !== 'offset') p.delete('offset');
        return p;
      },
      { replace: true },
    );
  const filtered = FILTERS.some((k) => params.get(k));
  const activities = useQuery(
    activitiesQuery(companyId, {
      type: type || undefined,
      user_id: user ? Number(user) : undefined,
      from: from || undefined,
      to: to || undefined,
      offset,
    }),
  );
  const users = useQuery(companyUsersQuery(companyId, { limit: 100 }));

  return (
    <TitledCard
      title="Activity"
      description="Who changed what in this company, newest first."
      contentClassName="space-y-4"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Type">
          {(control) => (
            <OptionSelect
              {...control}
              value={type}
              options={FAMILIES.map(([value, label]) => ({ value, label }))}
              onValue={(v) => set('type', v)}
            />
          )}
        </Field>
        <Field label="Person">
          {(control) => (
            <OptionSelect
              {...control}
              value={user}
              none="Everyone"
              options={(users.data?.data ?? []).map((u) => ({ value: u.user_id, label: u.name }))}
              onValue={(v) => set('user', v)}
            />
          )}
        </Field>
        <DateRangeFields from={from} to={to} onFrom={(v) => set('from', v)} onTo={(v) => set('to', v)} />
      </div>
      <QueryView
        query={activities}
        loading="Loading activity"
        empty={
          <EmptyState
            icon={HistoryIcon}
            title={filtered ? 'No activity matches these filters' : 'No activity yet'}
            description={
              filtered
                ? 'Try another type, person or range of days.'
                : 'Changes to apps, queues and members show here.'
            }
            action={
              filtered && (
                <Button variant="outline" onClick={() => setParams({ tab: 'activity' }, { replace: true })}>
                  Clear filters
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <>
            <ol className="divide-y" aria-label="Activity">
              {data.data.map((a) => (
                <ActivityRow key={a.activity_id} activity={a} />
              ))}
            </ol>
            <Pager
              offset={offset}
              limit={ACTIVITIES_PAGE}
              total={data.meta.total}
              capped={data.meta.total_capped}
              onChange={(next) => set('offset', next ? String(next) : '')}
            />
          </>
        )}
      </QueryView>
    </TitledCard>
  );
}

function ActivityRow({ activity: a }: { activity: Activity }) {
  const at = parseServerTime(a.created_ts);
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="break-words text-sm">{a.summary}</p>
        <p className="text-muted-foreground text-xs">
          {a.impersonator ? (
            <>
              {a.impersonator.name} acting as {a.actor.name}
            </>
          ) : (
            a.actor.name
          )}
          <span aria-hidden="true"> · </span>
          <span className="font-mono">{a.type}</span>
        </p>
      </div>
      <time
        dateTime={a.created_ts}
        title={at.toLocaleString()}
        className="shrink-0 text-muted-foreground text-xs"
      >
        {relativeTime(at)}
      </time>
    </li>
  );
}
