import { Company, IdQuery, UpdateCompanyBody } from '@inbox/contract';
import { notFound } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { requireCompanyAdmin } from '../access/app-roles.ts';
import type { CompanyCtx } from '../access/context.ts';
import { getCompany, updateCompany } from './service.ts';

/** Only the caller's own company has a record here; any other id is "not found". */
const ownCompany = (ctx: CompanyCtx, id: number) => {
  if (id !== ctx.companyId) throw notFound('Company');
  return ctx;
};

export const companyRoutes = companyPlugin('companies', async (app) => {
  app.get(
    '/companies',
    spec('The current company (id must equal X-Company-Id)', { querystring: IdQuery }, Company),
    async (request) => {
      const ctx = request.companyCtx!;
      return ok(await getCompany(ownCompany(ctx, request.query.id)));
    },
  );

  app.put(
    '/companies',
    spec(
      'Rename the company, change its timezone or its settings (company admin)',
      {
        description:
          '`auto_assign_on_reply` (default true): a reply to an unassigned conversation assigns it to the ' +
          'agent who replies, when they can work its queue.',
        querystring: IdQuery,
        body: UpdateCompanyBody,
      },
      Company,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const company = ownCompany(ctx, request.query.id);
      requireCompanyAdmin(ctx);
      return ok(await updateCompany(company, ctx.actor, request.body));
    },
  );
});
