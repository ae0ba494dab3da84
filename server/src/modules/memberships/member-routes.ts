import { Done } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodTypeAny } from 'zod';
import { list } from '../../http/envelope.ts';
import { answering, listSpec, spec } from '../../http/route-spec.ts';
import type { CompanyCtx } from '../access/context.ts';
import type { MembershipScope, MembershipService } from './service.ts';

/**
 * The four `/{kind}/users` routes of an app or queue membership: list, add (201), change the role, remove.
 * Both kinds are one mechanism (`membershipService`), so they are declared once; a kind brings its path,
 * schemas and sentences, and `reach`, which finds the scope or answers 404 (out of sight) or 403 (a change
 * by a role too low).
 */
export function memberRoutes<Role extends string, Scope extends MembershipScope>(kind: {
  path: string;
  /** The add body's field naming the scope (`app_id`, `queue_id`). */
  scopeField: string;
  service: MembershipService<Role>;
  reach: (ctx: CompanyCtx, id: number, to: 'read' | 'change') => Promise<Scope>;
  schemas: { list: ZodTypeAny; add: ZodTypeAny; one: ZodTypeAny; change: ZodTypeAny; member: ZodTypeAny };
  says: { list: string; add: string; change: string; remove: string; removed: string };
}): FastifyPluginAsyncZod {
  const { path, service, reach, schemas, says } = kind;
  type One = { id: number; user_id: number };
  return async (app) => {
    app.get(path, listSpec(says.list, { querystring: schemas.list }, schemas.member), async (request) => {
      const ctx = request.companyCtx!;
      const { id, limit, offset } = request.query as One & { limit: number; offset: number };
      const page = await service.list(ctx.db, await reach(ctx, id, 'read'), { limit, offset });
      return list(page.rows, page.meta);
    });
    app.post(
      path,
      spec(says.add, { body: schemas.add }, schemas.member, 201),
      answering(async (request) => {
        const ctx = request.companyCtx!;
        const body = request.body as Record<string, number> & { user_id: number; role: Role };
        const scope = await reach(ctx, body[kind.scopeField]!, 'change');
        return service.add(ctx.db, ctx.actor, scope, { userId: body.user_id, role: body.role });
      }),
    );
    app.put(
      path,
      spec(says.change, { querystring: schemas.one, body: schemas.change }, schemas.member),
      answering(async (request) => {
        const ctx = request.companyCtx!;
        const { id, user_id } = request.query as One;
        const scope = await reach(ctx, id, 'change');
        const { role } = request.body as { role: Role };
        return service.update(ctx.db, ctx.actor, scope, { userId: user_id, role });
      }),
    );
    app.delete(
      path,
      spec(says.remove, { querystring: schemas.one }, Done),
      answering(async (request) => {
        const ctx = request.companyCtx!;
        const { id, user_id } = request.query as One;
        await service.remove(ctx.db, ctx.actor, await reach(ctx, id, 'change'), user_id);
        return { message: says.removed };
      }),
    );
  };
}
