import {
  Ack,
  AdminQueuesQuery,
  CreateQueueBody,
  IdQuery,
  okList,
  ok as okSchema,
  Queue,
  UpdateQueueBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, list, ok } from '../../http/envelope.ts';
import { findApp } from '../apps/service.ts';
import { createQueue, deleteQueue, findQueue, getQueue, listQueues, updateQueue } from '../queues/service.ts';

const tags = ['admin: queues'];

/** /admin/queues: the queues of every company; a new queue takes its company from its app. */
export const adminQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/queues',
    {
      schema: {
        tags,
        summary: 'With id: that queue. Without: queues of all companies, filtered by company_id and app_id',
        description: '`?id=` answers one Queue in `data`; without it `data` is a list with `meta`.',
        querystring: AdminQueuesQuery,
        response: { 200: z.union([okSchema(Queue), okList(Queue)]) },
      },
    },
    async (request) => {
      const { db } = request.ctx!;
      const { id, company_id, app_id, limit, offset } = request.query;
      if (id !== undefined) return ok(await getQueue(db, id));
      const page = await listQueues(db, { companyId: company_id, appId: app_id, limit, offset });
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/admin/queues',
    {
      schema: {
        tags,
        summary: 'Create a queue in an app',
        body: CreateQueueBody,
        response: { 201: okSchema(Queue) },
      },
    },
    async (request, reply) => {
      const { db, actor } = request.ctx!;
      const { app_id, ...input } = request.body;
      const target = await findApp(db, app_id);
      reply.status(201);
      return ok(await createQueue(db, actor, target, input));
    },
  );

  app.put(
    '/admin/queues',
    {
      schema: {
        tags,
        summary: 'Change a queue',
        querystring: IdQuery,
        body: UpdateQueueBody,
        response: { 200: okSchema(Queue) },
      },
    },
    async (request) => {
      const { db, actor } = request.ctx!;
      return ok(await updateQueue(db, actor, await findQueue(db, request.query.id), request.body));
    },
  );

  app.delete(
    '/admin/queues',
    {
      schema: { tags, summary: 'Delete a queue', querystring: IdQuery, response: { 200: Ack } },
    },
    async (request) => {
      const { db, actor } = request.ctx!;
      await deleteQueue(db, actor, await findQueue(db, request.query.id));
      return done('Queue deleted');
    },
  );
};
