import { useQuery } from '@tanstack/react-query';
import { BarChart3Icon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { companyTimezone, useSession } from '@/lib/session';
import { agentsQuery, type ReportFilters as Filters, labelsReportQuery, overviewQuery } from './api';
import { AgentTable } from './components/agent-table';
import { LabelTable } from './components/label-table';
import { MetricCards } from './components/metric-cards';
import { ReportActions } from './components/report-actions';
import { ReportChart } from './components/report-chart';
import { type FilterState, ReportFilters } from './components/report-filters';
import { SlaMet } from './components/sla-met';
import { intervalFor, PRESETS, type Preset, periodOf, todayIn } from './period';

/** The page's filters live in the URL, so a report can be shared, bookmarked and reloaded as it was. */
function useFilterParams(today: string) {
  const [params, setParams] = useSearchParams();
  const id = (key: string) => {
    const v = Number(params.get(key));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const asked = params.get('range') as Preset | null;
  const preset: Preset = asked && PRESETS.includes(asked) ? asked : '7d';
  const period = periodOf(preset, today, { from: params.get('from') ?? '', to: params.get('to') ?? '' });
  const state: FilterState = {
    preset,
    ...period,
    appId: id('app_id'),
    queueId: id('queue_id'),
    userId: id('user_id'),
  };
  const update = (next: Partial<FilterState>) => {
    const merged = { ...state, ...next };
    const out = new URLSearchParams();
    out.set('range', merged.preset);
    if (merged.preset === 'custom') {
      out.set('from', merged.from);
      out.set('to', merged.to);
    }
    if (merged.appId) out.set('app_id', String(merged.appId));
    if (merged.queueId) out.set('queue_id', String(merged.queueId));
    if (merged.userId) out.set('user_id', String(merged.userId));
    setParams(out, { replace: true });
  };
  return [state, update] as const;
}

/** `/reports`: the overview against the previous period, charts, agent performance, numbers by label, CSV and recalculation. */
export default function ReportsPage() {
  const session = useSession();
  const company = session.company;
  const today = todayIn(companyTimezone(session));
  const [state, update] = useFilterParams(today);
  if (!company) {
    return (
      <div className="mx-auto w-full max-w-6xl p-4 md:p-6">
        <EmptyState
          icon={BarChart3Icon}
          title="No company yet"
          description="Reports appear once you belong to a company."
        />
      </div>
    );
  }
  const runsSomething = company.role !== 'agent' || company.apps.some((a) => a.role !== 'agent');
  const filters: Filters = {
    from: state.from,
    to: state.to,
    app_id: state.appId,
    queue_id: state.queueId,
    user_id: runsSomething ? state.userId : undefined,
  };
  return (
    <ReportsBody
      companyId={company.company_id}
      filters={filters}
      state={state}
      update={update}
      apps={company.apps}
      seesOthers={runsSomething}
      canRecalculate={company.role !== 'agent'}
    />
  );
}

function ReportsBody({
  companyId,
  filters,
  state,
  update,
  apps,
  seesOthers,
  canRecalculate,
}: {
  companyId: number;
  filters: Filters;
  state: FilterState;
  update: (next: Partial<FilterState>) => void;
  apps: NonNullable<ReturnType<typeof useSession>['company']>['apps'];
  seesOthers: boolean;
  canRecalculate: boolean;
}) {
  const overview = useQuery(overviewQuery(companyId, filters));
  const agents = useQuery(agentsQuery(companyId, filters));
  const labels = useQuery(labelsReportQuery(companyId, filters));
  const interval = intervalFor(filters);
  const chart = { companyId, filters, interval };
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 md:p-6">
      <PageHeader
        title="Reports"
        description={seesOthers ? 'How your team is doing, day by day.' : 'Your own numbers, day by day.'}
        actions={<ReportActions companyId={companyId} filters={filters} canRecalculate={canRecalculate} />}
      />
      <ReportFilters
        companyId={companyId}
        apps={apps}
        agents={seesOthers ? (agents.data ?? []) : null}
        value={state}
        onChange={update}
      />
      {overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => overview.refetch()} />
      ) : (
        <>
          <MetricCards metrics={overview.data?.metrics} previous={overview.data?.previous} />
          <SlaMet sla={overview.data?.sla} />
        </>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <ReportChart
          {...chart}
          title="Volume"
          kind="bar"
          series={[
            { metric: 'conversations_created', label: 'Started' },
            { metric: 'conversations_resolved', label: 'Resolved' },
          ]}
        />
        <ReportChart
          {...chart}
          title="Response times (average)"
          kind="line"
          series={[
            { metric: 'first_response_time', label: 'First response' },
            { metric: 'resolution_time', label: 'Resolution' },
          ]}
        />
      </div>
      <AgentTable query={agents} />
      <LabelTable query={labels} />
    </div>
  );
}
