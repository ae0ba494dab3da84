import {
  AgentPerformance,
  AgentPerformanceQuery,
  CalculateStatsBody,
  CalculateStatsQuery,
  CalculationStatus,
  Chart,
  ChartQuery,
  ExportQuery,
  LabelReport,
  LabelReportQuery,
  Overview,
  OverviewQuery,
} from '@inbox/contract';
import { type ZodTypeAny, z } from 'zod';
import { forbidden } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { answering, companyPlugin, spec } from '../../http/route-spec.ts';
import type { CompanyCtx } from '../access/context.ts';
import { exportReport } from './export.ts';
import { labelReport } from './labels.ts';
import { REBUILD_JOB, rebuildStatus, requestRebuild } from './rebuild.ts';
import { agentPerformance, chart, companyToday, overview } from './service.ts';

const WHO =
  'Company admins and managers see the whole company, app admins and managers their apps; anyone else ' +
  'only its own numbers (`user_id` is then always the caller). Dates are days in the company’s timezone, ' +
  'both included; a number belongs to the day its event happened.';

/** Reporting reads (contract section 11), from the facts the `reporting` consumer keeps. */
export const reportingRoutes = companyPlugin('reporting', async (app) => {
  /** A report read: what it counts follows the caller's reach (`WHO`); `read`'s type ties its answer to `data`. */
  const report = <Q extends ZodTypeAny, D extends ZodTypeAny>(
    path: string,
    summary: string,
    querystring: Q,
    data: D,
    read: (ctx: CompanyCtx, query: z.infer<Q>) => Promise<z.infer<D>>,
  ) =>
    app.get(
      path,
      spec(summary, { description: WHO, querystring }, data),
      answering((request) => read(request.companyCtx!, request.query as z.infer<Q>)),
    );

  report(
    '/reporting/overview',
    'The metrics of a period and of the period of the same length just before',
    OverviewQuery,
    Overview,
    overview,
  );
  report(
    '/reporting/charts',
    'One metric by day, week (from Monday) or month; a time metric’s value is its average',
    ChartQuery,
    Chart,
    chart,
  );
  report(
    '/reporting/labels',
    'Per label: conversations started and resolved, first response and resolution times, of the conversations carrying it',
    LabelReportQuery,
    z.array(LabelReport),
    labelReport,
  );
  report(
    '/reporting/agent-performance',
    'Per agent: assignments (transfers to it included), resolutions, replies and times',
    AgentPerformanceQuery,
    z.array(AgentPerformance),
    agentPerformance,
  );

  app.post(
    '/reporting/calculate-stats',
    spec(
      'Rebuild the reporting numbers of a period from the event log, as a job (company admins and managers)',
      {
        description:
          'Answers 202 with the job’s id at once; `GET /reporting/calculate-stats?job_id=` follows its progress. ' +
          'Use it after changing the timezone or business hours: the live numbers were counted with the old ones.',
        body: CalculateStatsBody,
      },
      z.object({ job_id: z.number() }),
      202,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      if (ctx.role === 'agent')
        throw forbidden('Recalculating statistics is for company admins and managers');
      const id = await requestRebuild(ctx, request.body.from, request.body.to);
      await app.jobs.send(REBUILD_JOB, { rebuildId: id });
      return ok({ job_id: id });
    },
  );

  app.get(
    '/reporting/calculate-stats',
    spec(
      'The status and progress (0 to 1) of a recalculation',
      { querystring: CalculateStatsQuery },
      CalculationStatus,
    ),
    async (request) => ok(await rebuildStatus(request.companyCtx!, request.query.job_id)),
  );

  app.get(
    '/reporting/export',
    {
      schema: {
        summary:
          'A report as CSV: the overview, the agents, or one row per conversation started in the period',
        description:
          `${WHO} RFC 4180 with CRLF, UTF-8 with a byte-order mark; a text cell starting with =, +, -, @, tab ` +
          'or carriage return is prefixed with an apostrophe so no spreadsheet runs it as a formula.',
        querystring: ExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const ctx = request.companyCtx!;
      const body = await exportReport(ctx, request.query);
      const day = await companyToday(ctx);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.query.report}-report-${day}.csv"`);
      return reply.send(body);
    },
  );
});
