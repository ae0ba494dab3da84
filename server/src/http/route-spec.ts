import { ok, okList } from '@inbox/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodTypeAny, z } from 'zod';
import { ok as envelope } from './envelope.ts';

type Code = 200 | 201 | 202;

/** What a route reads: its querystring, body and path parameters (zod), and an OpenAPI description. */
type Parts = Pick<FastifySchema, 'description'> & {
  querystring?: ZodTypeAny;
  body?: ZodTypeAny;
  params?: ZodTypeAny;
};

/**
 * A route's options in one line: its OpenAPI summary, what it reads, and the `data` it answers in the success
 * envelope (with 200, or the status given, set before the handler runs). The type keeps every zod schema as
 * it is, so the handler's request and reply stay typed.
 */
export function spec<P extends Parts, D extends ZodTypeAny, C extends Code = 200>(
  summary: string,
  parts: P,
  data: D,
  code?: C,
) {
  return rawSpec(summary, parts, ok(data), code);
}

/** The same for a list: `data` is an array of `item`, with the paging `meta`. */
export function listSpec<P extends Parts, I extends ZodTypeAny>(summary: string, parts: P, item: I) {
  return rawSpec(summary, parts, okList(item));
}

/** A `GET` that answers one record with `?id=` and the list of them without it (`/apps` and the like). */
export function recordOrListSpec<P extends Parts, I extends ZodTypeAny>(summary: string, parts: P, item: I) {
  return rawSpec(summary, parts, z.union([ok(item), okList(item)]));
}

/** The same with the whole answer's schema, for an answer outside the envelope (a file's bytes). */
export function rawSpec<P extends Parts, R extends ZodTypeAny, C extends Code = 200>(
  summary: string,
  parts: P,
  reply: R,
  code?: C,
) {
  const response = { [code ?? 200]: reply } as { [K in C]: R };
  const schema = { summary, ...parts, response };
  if (!code || code === 200) return { schema };
  // The declared status is the answer's unless the route fails: the error handler sets its own.
  return {
    schema,
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.code(code),
  };
}

/** Files every route a plugin registers under one OpenAPI tag, so no route repeats it. */
export function tagRoutes(app: FastifyInstance, tag: string) {
  app.addHook('onRoute', (route) => {
    route.schema = { tags: [tag], ...route.schema };
  });
}

/**
 * The handler of a route declared inside a generic helper (one declaration for several schemas): it answers
 * `ok(await answer(request))`. Fastify cannot resolve a generic schema's reply type there, so the answer's
 * type is checked where the helper is called (its `answer` is typed by the schemas), not here.
 */
export const answering =
  (answer: (request: FastifyRequest) => Promise<unknown>) =>
  (request: FastifyRequest): never =>
    answer(request).then(envelope) as never;

/**
 * A plugin of company routes: each is filed under `tag`, and each request needs a company the caller belongs
 * to (`requireCompany` sets `request.companyCtx`) before its handler runs.
 */
export function companyPlugin<Options extends Record<string, unknown> = Record<never, never>>(
  tag: string,
  register: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, opts) => {
    tagRoutes(app, tag);
    app.addHook('preHandler', app.requireCompany);
    await register(app, opts);
  };
}
