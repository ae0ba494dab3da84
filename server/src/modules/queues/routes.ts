import { CreateQueueBody, Done, IdQuery, ListQueuesQuery, Queue, UpdateQueueBody } from '@inbox/contract';
import { done, list, ok } from '../../http/envelope.ts';
import { companyPlugin, listSpec, spec } from '../../http/route-spec.ts';
import { appInReach } from '../apps/service.ts';
import { queueMemberRoutes } from './member-routes.ts';
import { queueInReach, visibleQueues } from './reach.ts';
import { createQueue, deleteQueue, listQueues, updateQueue } from './service.ts';

/** Queues and their members: app admins and managers manage them; agents see what they may work in. */
export const queueRoutes = companyPlugin('queues', async (app) => {
  app.get(
    '/queues',
    listSpec(
      'The queues the caller can see, optionally of one app',
      {
        description:
          'Company admins and app admins/managers see every queue of their apps; agents see the public ' +
          'queues of the apps they can see plus the private queues they belong to.',
        querystring: ListQueuesQuery,
      },
      Queue,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { app_id, limit, offset } = request.query;
      if (app_id !== undefined) await appInReach(ctx, app_id, 'agent');
      const where = await visibleQueues(ctx);
      const page = await listQueues(ctx, {
        appId: app_id,
        where,
        limit,
        offset,
      });
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/queues',
    spec('Create a queue in an app (app admin or manager)', { body: CreateQueueBody }, Queue, 201),
    async (request) => {
      const ctx = request.companyCtx!;
      const { app_id, ...input } = request.body;
      const { app: target } = await appInReach(ctx, app_id, 'manager');
      return ok(await createQueue(ctx, ctx.actor, target, input));
    },
  );

  app.put(
    '/queues',
    spec('Change a queue (app admin or manager)', { querystring: IdQuery, body: UpdateQueueBody }, Queue),
    async (request) => {
      const ctx = request.companyCtx!;
      const { queue } = await queueInReach(ctx, request.query.id, 'manage');
      return ok(await updateQueue(ctx, ctx.actor, queue, request.body));
    },
  );

  app.delete(
    '/queues',
    spec(
      'Delete a queue; its conversations move to no queue of the app, each with a line and a conversation.transferred event (app admin or manager)',
      { querystring: IdQuery },
      Done,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { queue } = await queueInReach(ctx, request.query.id, 'manage');
      await deleteQueue(ctx, ctx.actor, queue);
      return done('Queue deleted');
    },
  );

  await app.register(queueMemberRoutes);
});
