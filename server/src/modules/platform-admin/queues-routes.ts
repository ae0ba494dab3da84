import { AdminQueuesQuery, CreateQueueBody, Done, IdQuery, Queue, UpdateQueueBody } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, list, ok } from '../../http/envelope.ts';
import { recordOrListSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import { scopeOf } from '../access/context.ts';
import { findAnyApp } from '../apps/service.ts';
import {
  createQueue,
  deleteQueue,
  findAnyQueue,
  getQueue,
  listQueues,
  updateQueue,
} from '../queues/service.ts';

/** /admin/queues: the queues of every company; a new queue takes its company from its app. */
export const adminQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin: queues');
  app.get(
    '/admin/queues',
    recordOrListSpec(
      'With id: that queue. Without: queues of all companies, filtered by company_id and app_id',
      {
        description: '`?id=` answers one Queue in `data`; without it `data` is a list with `meta`.',
        querystring: AdminQueuesQuery,
      },
      Queue,
    ),
    async (request) => {
      const p = request.platformCtx!;
      const { id, company_id, app_id, limit, offset } = request.query;
      if (id !== undefined) {
        const queue = await findAnyQueue(p, id);
        return ok(await getQueue(scopeOf(p, queue.companyId), id));
      }
      const page = await listQueues(p, { companyId: company_id, appId: app_id, limit, offset });
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/admin/queues',
    spec('Create a queue in an app', { body: CreateQueueBody }, Queue, 201),
    async (request) => {
      const p = request.platformCtx!;
      const { app_id, ...input } = request.body;
      const target = await findAnyApp(p, app_id);
      return ok(await createQueue(scopeOf(p, target.companyId), p.actor, target, input));
    },
  );

  app.put(
    '/admin/queues',
    spec('Change a queue', { querystring: IdQuery, body: UpdateQueueBody }, Queue),
    async (request) => {
      const p = request.platformCtx!;
      const queue = await findAnyQueue(p, request.query.id);
      return ok(await updateQueue(scopeOf(p, queue.companyId), p.actor, queue, request.body));
    },
  );

  app.delete('/admin/queues', spec('Delete a queue', { querystring: IdQuery }, Done), async (request) => {
    const p = request.platformCtx!;
    const queue = await findAnyQueue(p, request.query.id);
    await deleteQueue(scopeOf(p, queue.companyId), p.actor, queue);
    return done('Queue deleted');
  });
};
