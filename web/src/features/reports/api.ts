import type {
  AgentPerformance,
  CalculationStatus,
  Chart,
  LabelReport,
  Overview,
  ReportMetric,
} from '@inbox/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { Period } from './period';

export interface ReportFilters extends Period {
  app_id?: number;
  queue_id?: number;
  user_id?: number;
}

const keys = {
  all: (cid: number) => ['company', cid, 'reports'] as const,
};

export const overviewQuery = (cid: number, f: ReportFilters) =>
  queryOptions({
    queryKey: [...keys.all(cid), 'overview', f],
    queryFn: () => api.get<Overview>('/reporting/overview', { query: { ...f } }),
  });

export const chartQuery = (cid: number, f: ReportFilters, metric: ReportMetric, interval: string) =>
  queryOptions({
    queryKey: [...keys.all(cid), 'chart', metric, interval, f],
    queryFn: () => api.get<Chart>('/reporting/charts', { query: { ...f, metric, interval } }),
  });

export const agentsQuery = (cid: number, f: ReportFilters) =>
  queryOptions({
    queryKey: [...keys.all(cid), 'agents', f],
    queryFn: () =>
      api.get<AgentPerformance[]>('/reporting/agent-performance', {
        query: { from: f.from, to: f.to, app_id: f.app_id, queue_id: f.queue_id },
      }),
  });

export const reportKeys = keys;

export const startCalculation = (p: Period) =>
  api.post<{ job_id: number }>('/reporting/calculate-stats', { from: p.from, to: p.to });

export const calculationStatus = (jobId: number) =>
  api.get<CalculationStatus>('/reporting/calculate-stats', { query: { job_id: jobId } });

export const downloadReport = (report: 'overview' | 'agents' | 'conversations', f: ReportFilters) =>
  downloadFile('/reporting/export', { report, ...f }, `${report}-report-${f.to}.csv`);

/** Numbers per label (contract section 13): the period and the app; queue and person do not narrow it. */
export const labelsReportQuery = (cid: number, f: ReportFilters) =>
  queryOptions({
    queryKey: [...keys.all(cid), 'labels', f.from, f.to, f.app_id],
    queryFn: () =>
      api.get<LabelReport[]>('/reporting/labels', { query: { from: f.from, to: f.to, app_id: f.app_id } }),
  });
