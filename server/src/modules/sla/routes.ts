import { CreateSlaPolicyBody, Done, IdQuery, SlaPolicy, UpdateSlaPolicyBody } from '@inbox/contract';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { createPolicy, deletePolicy, listPolicies, updatePolicy } from './policies.ts';

/** `/sla-policies` (contract section 14): the company's service levels, kept by company admins. */
export const slaRoutes = companyPlugin('sla', async (app) => {
  app.get(
    '/sla-policies',
    spec("The company's service levels in the order they are tried (company admin)", {}, z.array(SlaPolicy)),
    async (request) => ok(await listPolicies(request.companyCtx!)),
  );

  app.post(
    '/sla-policies',
    spec(
      'Create a service level (company admin); condition ids must be the company’s own',
      { body: CreateSlaPolicyBody },
      SlaPolicy,
      201,
    ),
    async (request) => ok(await createPolicy(request.companyCtx!, request.body)),
  );

  app.put(
    '/sla-policies',
    spec(
      'Change a service level or move it to another position (company admin); conversations keep their due times until they next change',
      { querystring: IdQuery, body: UpdateSlaPolicyBody },
      SlaPolicy,
    ),
    async (request) => ok(await updatePolicy(request.companyCtx!, request.query.id, request.body)),
  );

  app.delete(
    '/sla-policies',
    spec(
      'Delete a service level (company admin): its conversations no longer run its clocks',
      { querystring: IdQuery },
      Done,
    ),
    async (request) => {
      await deletePolicy(request.companyCtx!, request.query.id);
      return done('Service level deleted');
    },
  );
});
