import type { RouteOptions } from 'fastify';

export { fieldsOf } from '../src/http/schema-fields.ts';

export type ApiRoute = RouteOptions & { method: string };

/** The API's routes as registered (`app.routeTable`), one per method, HEAD left out. */
export const apiRoutesOf = (table: RouteOptions[]): ApiRoute[] =>
  table.filter(
    (r): r is ApiRoute => typeof r.method === 'string' && r.method !== 'HEAD' && r.url.startsWith('/api/v1/'),
  );
