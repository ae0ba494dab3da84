import {
  AdminCompaniesQuery,
  Company,
  CompanyStatusBody,
  CreateCompanyBody,
  Done,
  IdQuery,
  UpdateCompanyBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, list, ok } from '../../http/envelope.ts';
import { recordOrListSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import { scopeOf } from '../access/context.ts';
import {
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  setCompanyStatus,
  updateCompany,
} from '../companies/service.ts';

/** /admin/companies and /admin/company/status: every company of the installation. */
export const adminCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin: companies');
  const storage = app.deps.storage;
  app.get(
    '/admin/companies',
    recordOrListSpec(
      'With id: that company. Without: all companies, searchable by name',
      {
        description: '`?id=` answers one Company in `data`; without it `data` is a list with `meta`.',
        querystring: AdminCompaniesQuery,
      },
      Company,
    ),
    async (request) => {
      const p = request.platformCtx!;
      const { id, ...query } = request.query;
      if (id !== undefined) return ok(await getCompany(scopeOf(p, id)));
      const page = await listCompanies(p, query);
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/admin/companies',
    spec('Create a company', { body: CreateCompanyBody }, Company, 201),
    async (request) => ok(await createCompany(request.platformCtx!, request.body)),
  );

  app.put(
    '/admin/companies',
    spec("Change a company's name or timezone", { querystring: IdQuery, body: UpdateCompanyBody }, Company),
    async (request) => {
      const p = request.platformCtx!;
      return ok(await updateCompany(scopeOf(p, request.query.id), p.actor, request.body));
    },
  );

  app.delete(
    '/admin/companies',
    spec(
      'Delete a company with all its apps, queues, conversations and customers',
      { querystring: IdQuery },
      Done,
    ),
    async (request) => {
      const p = request.platformCtx!;
      const left = await deleteCompany(scopeOf(p, request.query.id), storage, p.actor);
      if (left.length) request.log.warn({ keys: left }, 'files of a deleted company could not be removed');
      return done('Company deleted');
    },
  );

  app.post(
    '/admin/company/status',
    spec(
      'Suspend or reactivate a company, with a reason',
      {
        description:
          "A suspended company's members are refused (403 COMPANY_SUSPENDED) from their next call.",
        body: CompanyStatusBody,
      },
      Company,
    ),
    async (request) => ok(await setCompanyStatus(request.platformCtx!, request.body)),
  );
};
