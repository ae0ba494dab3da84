import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';

/**
 * Which sites may frame an app's portal (the widget's panel, or the embed snippet): the `allowed_origins` of
 * the app's active `web` integrations. `null` when the app has none set, so the portal stays embeddable
 * anywhere until the company names its sites. Origins are checked on save (scheme, host, port only), so
 * they are safe to place in a CSP header as they are.
 */
export async function portalFramers(db: Db, appId: number): Promise<string[] | null> {
  if (!isSqlInt(appId)) return null;
  const res = await db.execute<{ origin: string }>(sql`
    select distinct jsonb_array_elements_text(settings -> 'allowed_origins') as origin
    from integrations where app_id = ${appId} and type = 'web' and is_active
      and jsonb_typeof(settings -> 'allowed_origins') = 'array'`);
  const origins = res.rows.map((r) => r.origin).filter((o) => /^https?:\/\/[^\s;,'"]+$/.test(o));
  return origins.length > 0 ? origins.sort() : null;
}

/** The widget bubble's colour from the app's active web integration, or null for the default. */
export async function widgetColor(db: Db, appId: number): Promise<string | null> {
  if (!isSqlInt(appId)) return null;
  const res = await db.execute<{ color: string | null }>(sql`
    select settings ->> 'color' as color from integrations
    where app_id = ${appId} and type = 'web' and is_active and settings ? 'color'
    order by id limit 1`);
  const color = res.rows[0]?.color ?? null;
  return color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : null;
}
