import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeAny } from 'zod';

/** What a route reads: its querystring, body and path parameters (zod), and an OpenAPI description. */
type Parts = Pick<FastifySchema, 'description'> & {
  querystring?: ZodTypeAny;
  body?: ZodTypeAny;
  params?: ZodTypeAny;
};

/**
 * A route's options in one line: its OpenAPI summary, what it reads and what it answers (200, or the
 * status given). The type keeps every zod schema as it is, so the handler's request and reply stay typed.
 */
export function spec<P extends Parts, R extends ZodTypeAny, C extends 200 | 201 | 202 = 200>(
  summary: string,
  parts: P,
  reply: R,
  code?: C,
) {
  const response = { [code ?? 200]: reply } as { [K in C]: R };
  return { schema: { summary, ...parts, response } };
}

/** Files every route a plugin registers under one OpenAPI tag, so no route repeats it. */
export function tagRoutes(app: FastifyInstance, tag: string) {
  app.addHook('onRoute', (route) => {
    route.schema = { tags: [tag], ...route.schema };
  });
}
