import {
  AddQueueMemberBody,
  Done,
  QueueMember,
  QueueMemberQuery,
  QueueMembersQuery,
  UpdateQueueMemberBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, list, ok } from '../../http/envelope.ts';
import { listSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import { queueInReach } from '../access/queue-reach.ts';
import { addQueueMember, listQueueMembers, removeQueueMember, updateQueueMember } from './members-service.ts';

/** /queue/users: whoever sees the queue reads its members; app admins and managers change them. */
export const queueMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'queues');
  app.get(
    '/queue/users',
    listSpec("A queue's members with their queue role", { querystring: QueueMembersQuery }, QueueMember),
    async (request) => {
      const ctx = request.companyCtx!;
      const { id, limit, offset } = request.query;
      const { queue } = await queueInReach(ctx, id, 'see');
      const page = await listQueueMembers(ctx.db, queue, { limit, offset });
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/queue/users',
    spec(
      'Add a company member to a queue (app admin or manager)',
      { body: AddQueueMemberBody },
      QueueMember,
      201,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { queue_id, user_id, role } = request.body;
      const { queue } = await queueInReach(ctx, queue_id, 'manage');
      return ok(await addQueueMember(ctx.db, ctx.actor, queue, { userId: user_id, role }));
    },
  );

  app.put(
    '/queue/users',
    spec(
      "Change a member's queue role (app admin or manager)",
      { querystring: QueueMemberQuery, body: UpdateQueueMemberBody },
      QueueMember,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { queue } = await queueInReach(ctx, request.query.id, 'manage');
      const input = { userId: request.query.user_id, role: request.body.role };
      return ok(await updateQueueMember(ctx.db, ctx.actor, queue, input));
    },
  );

  app.delete(
    '/queue/users',
    spec('Remove a member from a queue (app admin or manager)', { querystring: QueueMemberQuery }, Done),
    async (request) => {
      const ctx = request.companyCtx!;
      const { queue } = await queueInReach(ctx, request.query.id, 'manage');
      await removeQueueMember(ctx.db, ctx.actor, queue, request.query.user_id);
      return done('Queue member removed');
    },
  );
};
