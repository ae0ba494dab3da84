import type { ApiPermission } from '@inbox/contract';
import { call, type Session, type TestContext } from './app.ts';
import { addIntegration } from './integrations.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An integration of the app a key can be granted on (an `api` one unless told), by an admin. */
export async function addApiIntegration(
  t: TestContext,
  as: Session,
  appId: number,
  settings: Record<string, unknown> = {},
) {
  return addIntegration(t, as, { app_id: appId, type: 'api', name: 'Shop backend', settings });
}

/** A new key of the admin's company with these grants; answers the key and its id. */
export async function makeKey(
  t: TestContext,
  as: Session,
  grants: { integrationId: number; permission: ApiPermission }[],
  name = 'Key',
) {
  const made = await call(t.app, 'POST', '/api-keys/create', { as, body: { name } });
  if (made.status !== 201) throw new Error(`key: ${made.status} ${JSON.stringify(made.body)}`);
  const id = made.body.data.api_key_id as number;
  for (const g of grants) {
    const res = await call(t.app, 'POST', '/api-keys/permissions/grant', {
      as,
      body: { api_key_id: id, integration_id: g.integrationId, permission_id: g.permission },
    });
    if (res.status !== 201) throw new Error(`grant: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id, key: made.body.data.key as string };
}

/** A call made with an API key instead of a session, as an outside system makes it. */
export const withKey = (
  t: TestContext,
  key: string,
  method: Method,
  path: string,
  opts: { body?: unknown; query?: Record<string, string | number>; bearer?: boolean } = {},
) =>
  call(t.app, method, path, {
    body: opts.body,
    query: opts.query,
    headers: opts.bearer ? { authorization: `Bearer ${key}` } : { 'x-api-key': key },
  });
