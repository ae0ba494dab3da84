import {
  Ack,
  AutoResponder,
  AutoRespondersQuery,
  CreateAutoResponderBody,
  IdQuery,
  ok as okSchema,
  UpdateAutoResponderBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.ts';
import { createResponder, deleteResponder, listResponders, updateResponder } from './service.ts';

const tags = ['auto-responders'];

/** `/auto-responders` (contract section 9): an app's managers and admins read and change them. */
export const autoResponderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireCompany);

  app.get(
    '/auto-responders',
    {
      schema: {
        tags,
        summary: "An app's auto-responders (app manager or admin)",
        querystring: AutoRespondersQuery,
        response: { 200: okSchema(z.array(AutoResponder)) },
      },
    },
    async (request) => ok(await listResponders(request.companyCtx!, request.query.app_id)),
  );

  app.post(
    '/auto-responders',
    {
      schema: {
        tags,
        summary: 'Create an auto-responder (app manager or admin)',
        body: CreateAutoResponderBody,
        response: { 201: okSchema(AutoResponder) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createResponder(request.companyCtx!, request.body));
    },
  );

  app.put(
    '/auto-responders',
    {
      schema: {
        tags,
        summary: 'Change an auto-responder (app manager or admin)',
        querystring: IdQuery,
        body: UpdateAutoResponderBody,
        response: { 200: okSchema(AutoResponder) },
      },
    },
    async (request) => ok(await updateResponder(request.companyCtx!, request.query.id, request.body)),
  );

  app.delete(
    '/auto-responders',
    {
      schema: {
        tags,
        summary: 'Delete an auto-responder; what it still owed is dropped (app manager or admin)',
        querystring: IdQuery,
        response: { 200: Ack },
      },
    },
    async (request) => {
      await deleteResponder(request.companyCtx!, request.query.id);
      return done('Auto-responder deleted');
    },
  );
};
