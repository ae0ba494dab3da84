import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_PERMISSION_DESCRIPTIONS,
  API_PERMISSIONS,
  type ApiKey,
  type ApiPermission,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type GrantableIntegration,
  type GrantBody,
  INTEGRATION_TYPES,
  type UpdateApiKeyBody,
} from '@inbox/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeyPermissions, apiKeys, apps, integrations } from '../../db/schema/index.ts';
import { conflict, invalidField, notFound } from '../../http/app-error.ts';
import { requireCompanyAdmin } from '../access/app-roles.ts';
import type { CompanyCtx } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { recordChange } from '../activities/service.ts';

/**
 * API keys (contract section 9), the company admin's. A key is `sik_` and 32 random bytes; only its SHA-256 is
 * stored (decision 027), so a database leak yields no working key, and the visible prefix tells keys apart.
 */

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** What a grant may name: integrations whose traffic a key can act on (not outgoing webhooks). */
const GRANTABLE: ReadonlySet<string> = new Set(INTEGRATION_TYPES.filter((t) => t !== 'webhook'));

type KeyRow = typeof apiKeys.$inferSelect;
type GrantRow = typeof apiKeyPermissions.$inferSelect;

const toApiKey = (k: KeyRow, grants: GrantRow[]): ApiKey => ({
  api_key_id: k.id,
  name: k.name,
  prefix: k.prefix,
  permissions: grants
    .filter((g) => g.apiKeyId === k.id)
    .map((g) => ({ permission_id: g.id, integration_id: g.integrationId, permission: g.permission })),
  created_ts: k.createdAt.toISOString(),
  last_used_ts: k.lastUsedAt?.toISOString() ?? null,
  expires_ts: k.expiresAt?.toISOString() ?? null,
});

async function grantsOf(db: DbOrTx, companyId: number, keyIds: number[]) {
  if (keyIds.length === 0) return [];
  return db
    .select()
    .from(apiKeyPermissions)
    .where(and(eq(apiKeyPermissions.companyId, companyId), inArray(apiKeyPermissions.apiKeyId, keyIds)))
    .orderBy(asc(apiKeyPermissions.id));
}

async function requireKey(ctx: CompanyCtx, id: number): Promise<KeyRow> {
  const [row] = isSqlInt(id)
    ? await ctx.db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, ctx.companyId)))
    : [];
  if (!row) throw notFound('API key');
  return row;
}

export async function listApiKeys(ctx: CompanyCtx, page: { limit: number; offset: number }) {
  requireCompanyAdmin(ctx);
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.companyId, ctx.companyId))
    .orderBy(asc(apiKeys.name), asc(apiKeys.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(apiKeys)
    .where(eq(apiKeys.companyId, ctx.companyId));
  const grants = await grantsOf(
    ctx.db,
    ctx.companyId,
    rows.map((k) => k.id),
  );
  return { rows: rows.map((k) => toApiKey(k, grants)), total: Number(counted?.n ?? 0) };
}

export async function getApiKey(ctx: CompanyCtx, id: number): Promise<ApiKey> {
  requireCompanyAdmin(ctx);
  const key = await requireKey(ctx, id);
  return toApiKey(key, await grantsOf(ctx.db, ctx.companyId, [key.id]));
}

export async function createApiKey(ctx: CompanyCtx, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  requireCompanyAdmin(ctx);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: ctx.companyId,
        name: body.name,
        prefix: key.slice(0, PREFIX_LENGTH),
        keyHash: hashKey(key),
        createdByUserId: ctx.actor.user.id,
        expiresAt: body.expires_ts ? new Date(body.expires_ts) : null,
      })
      .returning();
    await recordChange(tx, ctx.actor, ctx.companyId, 'api_key.created', row!.id, {
      name: body.name,
      prefix: row!.prefix,
      expires_ts: body.expires_ts ?? null,
    });
    return { ...toApiKey(row!, []), key };
  });
}

export async function updateApiKey(ctx: CompanyCtx, id: number, body: UpdateApiKeyBody): Promise<ApiKey> {
  requireCompanyAdmin(ctx);
  const before = await requireKey(ctx, id);
  const changes: Partial<KeyRow> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.expires_ts !== undefined) changes.expiresAt = body.expires_ts ? new Date(body.expires_ts) : null;
  if (Object.keys(changes).length === 0) return getApiKey(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(apiKeys.id, before.id), eq(apiKeys.companyId, ctx.companyId)))
      .returning();
    await recordChange(tx, ctx.actor, ctx.companyId, 'api_key.updated', id, {
      name: row!.name,
      changed: Object.keys(body).filter((k) => k in body),
    });
    return toApiKey(row!, await grantsOf(tx, ctx.companyId, [id]));
  });
}

/** A deleted key stops working at once: the next call looks it up and finds nothing. */
export async function deleteApiKey(ctx: CompanyCtx, id: number) {
  requireCompanyAdmin(ctx);
  const key = await requireKey(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(apiKeys).where(and(eq(apiKeys.id, key.id), eq(apiKeys.companyId, ctx.companyId)));
    await recordChange(tx, ctx.actor, ctx.companyId, 'api_key.deleted', id, {
      name: key.name,
      prefix: key.prefix,
    });
  });
}

/** Every integration of the company a key can be granted something on, with what can be granted. */
export async function grantableIntegrations(ctx: CompanyCtx): Promise<GrantableIntegration[]> {
  requireCompanyAdmin(ctx);
  const rows = await ctx.db
    .select({
      id: integrations.id,
      name: integrations.name,
      type: integrations.type,
      appId: integrations.appId,
      appName: apps.name,
    })
    .from(integrations)
    .innerJoin(apps, eq(apps.id, integrations.appId))
    .where(eq(integrations.companyId, ctx.companyId))
    .orderBy(asc(apps.name), asc(integrations.name), asc(integrations.id));
  return rows
    .filter((r) => GRANTABLE.has(r.type))
    .map((r) => ({
      integration_id: r.id,
      name: r.name,
      type: r.type,
      app_id: r.appId,
      app_name: r.appName,
      permissions: PERMISSIONS,
    }));
}

const PERMISSIONS = API_PERMISSIONS.map((permission: ApiPermission) => ({
  permission,
  description: API_PERMISSION_DESCRIPTIONS[permission],
}));

export async function grantPermission(ctx: CompanyCtx, body: GrantBody) {
  requireCompanyAdmin(ctx);
  const key = await requireKey(ctx, body.api_key_id);
  const [integration] = isSqlInt(body.integration_id)
    ? await ctx.db
        .select({ id: integrations.id, type: integrations.type, name: integrations.name })
        .from(integrations)
        .where(and(eq(integrations.id, body.integration_id), eq(integrations.companyId, ctx.companyId)))
    : [];
  if (!integration) throw notFound('Integration');
  if (!GRANTABLE.has(integration.type)) {
    throw invalidField('integration_id', 'An outgoing webhook takes no API permissions');
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeyPermissions)
      .values({
        companyId: ctx.companyId,
        apiKeyId: key.id,
        integrationId: integration.id,
        permission: body.permission_id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('This key already has that permission on this integration');
    await recordChange(tx, ctx.actor, ctx.companyId, 'api_key.permission_granted', key.id, {
      name: key.name,
      integration: integration.name,
      permission: body.permission_id,
    });
    return { permission_id: row.id, integration_id: row.integrationId, permission: row.permission };
  });
}

export async function revokePermission(ctx: CompanyCtx, permissionId: number) {
  requireCompanyAdmin(ctx);
  await ctx.db.transaction(async (tx) => {
    const [row] = isSqlInt(permissionId)
      ? await tx
          .delete(apiKeyPermissions)
          .where(and(eq(apiKeyPermissions.id, permissionId), eq(apiKeyPermissions.companyId, ctx.companyId)))
          .returning()
      : [];
    if (!row) throw notFound('Permission');
    await recordChange(tx, ctx.actor, ctx.companyId, 'api_key.permission_revoked', row.apiKeyId, {
      integration_id: row.integrationId,
      permission: row.permission,
    });
  });
}
