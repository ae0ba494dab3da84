import type { RouteOptions } from 'fastify';

/**
 * The top-level field names of a route's zod schema (body, query or params), through the wrappers a schema
 * may sit in (optional, refine, pipe, union): what the route-wide tests fill in.
 */
export function fieldsOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  const def = s.def ?? {};
  const inner = def.innerType ?? def.in ?? def.schema;
  if (inner) return fieldsOf(inner);
  if (Array.isArray(def.options)) return [...new Set(def.options.flatMap(fieldsOf))];
  return [];
}

export type ApiRoute = RouteOptions & { method: string };

/** The API's routes as registered (`app.routeTable`), one per method, HEAD left out. */
export const apiRoutesOf = (table: RouteOptions[]): ApiRoute[] =>
  table.filter(
    (r): r is ApiRoute => typeof r.method === 'string' && r.method !== 'HEAD' && r.url.startsWith('/api/v1/'),
  );
