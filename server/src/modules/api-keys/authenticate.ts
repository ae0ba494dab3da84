import { API_KEY_PREFIX, type ApiPermission } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, unauthenticated } from '../../http/app-error.ts';
import type { ApiKeyActor } from '../access/context.ts';
import { hashKey } from './service.ts';

/** The key a request carries: `X-Api-Key`, or a bearer token in the key's form (a session token never is). */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith(`Bearer ${API_KEY_PREFIX}`)) return auth.slice(7).trim();
  return null;
}

interface KeyRow extends Record<string, unknown> {
  id: number;
  name: string;
  company_id: number;
  company_status: 'active' | 'suspended';
  expired: boolean;
  app_ids: number[] | null;
  integration_ids: number[] | null;
  stale_use: boolean;
}

/**
 * The key's company and its reach for one permission, in one statement: the apps and integrations of its
 * grants of that permission on active integrations. A wrong, deleted or expired key answers 401; a key
 * with no grant of the permission 403 (the verb is not its to use); records outside the reach are left to
 * the call, which answers 404 for them as for anything out of sight.
 */
export async function authenticateKey(
  db: Db,
  key: string,
  permission: ApiPermission,
): Promise<{ companyId: number; actor: ApiKeyActor }> {
  const res = await db.execute<KeyRow>(sql`
    select k.id, k.name, k.company_id, c.status as company_status,
      (k.expires_at is not null and k.expires_at <= now()) as expired,
      (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as stale_use,
      (select array_agg(distinct i.app_id) from api_key_permissions p
        join integrations i on i.id = p.integration_id and i.is_active
        where p.api_key_id = k.id and p.permission = ${permission}) as app_ids,
      (select array_agg(p.integration_id) from api_key_permissions p
        join integrations i on i.id = p.integration_id and i.is_active
        where p.api_key_id = k.id and p.permission = ${permission}) as integration_ids
    from api_keys k join companies c on c.id = k.company_id
    where k.key_hash = ${hashKey(key)}`);
  const row = res.rows[0];
  if (!row || row.expired) throw unauthenticated('Invalid, revoked or expired API key');
  if (row.company_status === 'suspended')
    throw new AppError('COMPANY_SUSPENDED', 'This company is suspended');
  const appIds = (row.app_ids ?? []).map(Number);
  if (appIds.length === 0) throw forbidden(`This API key does not have the ${permission} permission`);
  // Last use is kept to the minute: a busy integration does not rewrite the key's row on every call.
  if (row.stale_use) await db.execute(sql`update api_keys set last_used_at = now() where id = ${row.id}`);
  return {
    companyId: Number(row.company_id),
    actor: {
      type: 'api_key',
      apiKeyId: Number(row.id),
      name: row.name,
      appIds,
      integrationIds: (row.integration_ids ?? []).map(Number),
    },
  };
}
