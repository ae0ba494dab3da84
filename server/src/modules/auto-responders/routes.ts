import {
  AutoResponder,
  AutoRespondersQuery,
  CreateAutoResponderBody,
  Done,
  IdQuery,
  UpdateAutoResponderBody,
} from '@inbox/contract';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { createResponder, deleteResponder, listResponders, updateResponder } from './service.ts';

/** `/auto-responders` (contract section 9): an app's managers and admins read and change them. */
export const autoResponderRoutes = companyPlugin('auto-responders', async (app) => {
  app.get(
    '/auto-responders',
    spec(
      "An app's auto-responders (app manager or admin)",
      { querystring: AutoRespondersQuery },
      z.array(AutoResponder),
    ),
    async (request) => ok(await listResponders(request.companyCtx!, request.query.app_id)),
  );

  app.post(
    '/auto-responders',
    spec(
      'Create an auto-responder (app manager or admin)',
      { body: CreateAutoResponderBody },
      AutoResponder,
      201,
    ),
    async (request) => ok(await createResponder(request.companyCtx!, request.body)),
  );

  app.put(
    '/auto-responders',
    spec(
      'Change an auto-responder (app manager or admin)',
      { querystring: IdQuery, body: UpdateAutoResponderBody },
      AutoResponder,
    ),
    async (request) => ok(await updateResponder(request.companyCtx!, request.query.id, request.body)),
  );

  app.delete(
    '/auto-responders',
    spec(
      'Delete an auto-responder; what it still owed is dropped (app manager or admin)',
      { querystring: IdQuery },
      Done,
    ),
    async (request) => {
      await deleteResponder(request.companyCtx!, request.query.id);
      return done('Auto-responder deleted');
    },
  );
});
