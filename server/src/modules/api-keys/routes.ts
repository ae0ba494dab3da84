import {
  ApiKey,
  ApiKeyGrant,
  ApiKeysQuery,
  CreateApiKeyBody,
  CreatedApiKey,
  Done,
  GrantableIntegration,
  GrantBody,
  IdQuery,
  RevokeQuery,
  UpdateApiKeyBody,
} from '@inbox/contract';
import { z } from 'zod';
import { done, list, ok } from '../../http/envelope.ts';
import { companyPlugin, listSpec, spec } from '../../http/route-spec.ts';
import {
  createApiKey,
  deleteApiKey,
  getApiKey,
  grantableIntegrations,
  grantPermission,
  listApiKeys,
  revokePermission,
  updateApiKey,
} from './service.ts';

const ADMIN = 'Company admins only.';

/** `/api-keys/*` (contract section 9): the company admin's keys for outside systems and their grants. */
export const apiKeyRoutes = companyPlugin('api-keys', async (app) => {
  app.get(
    '/api-keys/list',
    listSpec(
      "The company's API keys by name, with their grants; never the keys themselves",
      { description: ADMIN, querystring: ApiKeysQuery },
      ApiKey,
    ),
    async (request) => {
      const { limit, offset } = request.query;
      const page = await listApiKeys(request.companyCtx!, { limit, offset });
      return list(page.rows, { total: page.total, limit, offset });
    },
  );

  app.get(
    '/api-keys/get',
    spec('One API key', { description: ADMIN, querystring: IdQuery }, ApiKey),
    async (request) => ok(await getApiKey(request.companyCtx!, request.query.id)),
  );

  app.post(
    '/api-keys/create',
    spec(
      'Create a key; the answer holds the key itself, this once (only a hash is kept)',
      {
        description: `${ADMIN} A new key has no permissions until some are granted.`,
        body: CreateApiKeyBody,
      },
      CreatedApiKey,
      201,
    ),
    async (request) => ok(await createApiKey(request.companyCtx!, request.body)),
  );

  app.put(
    '/api-keys/update',
    spec(
      'Rename a key or change its expiry (`expires_ts: null`: never)',
      { description: ADMIN, querystring: IdQuery, body: UpdateApiKeyBody },
      ApiKey,
    ),
    async (request) => ok(await updateApiKey(request.companyCtx!, request.query.id, request.body)),
  );

  app.delete(
    '/api-keys/delete',
    spec('Delete a key; it stops working at once', { description: ADMIN, querystring: IdQuery }, Done),
    async (request) => {
      await deleteApiKey(request.companyCtx!, request.query.id);
      return done('API key deleted');
    },
  );

  app.get(
    '/api-keys/integrations',
    spec(
      'The integrations a key can be granted permissions on, with those permissions',
      { description: `${ADMIN} Outgoing webhooks take none.` },
      z.array(GrantableIntegration),
    ),
    async (request) => ok(await grantableIntegrations(request.companyCtx!)),
  );

  app.post(
    '/api-keys/permissions/grant',
    spec(
      'Grant a key one permission on one integration',
      {
        description: `${ADMIN} The answer's \`permission_id\` is the grant's id, for revoking it. A grant it already has answers 409.`,
        body: GrantBody,
      },
      ApiKeyGrant,
      201,
    ),
    async (request) => ok(await grantPermission(request.companyCtx!, request.body)),
  );

  app.delete(
    '/api-keys/permissions/revoke',
    spec(
      'Revoke one grant; the key loses it at its next call',
      { description: ADMIN, querystring: RevokeQuery },
      Done,
    ),
    async (request) => {
      await revokePermission(request.companyCtx!, request.query.permission_id);
      return done('Permission revoked');
    },
  );
});
