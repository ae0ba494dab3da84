import type { CustomerApp } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { isoFromDb } from '../../lib/timestamps.ts';
import type { CallerCtx } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { recordActivity } from '../activities/service.ts';
import { eventActorOf, recordEvent } from '../events/record.ts';
import { type CustomerReach, getCustomer } from './reads.ts';
import { linkedAppIds } from './writes.ts';

/**
 * The activity of a linked or unlinked app, and a `customer.updated` event naming the customer's apps and
 * the app that changed (so the consoles of an app the customer just left hear of it too).
 */
async function recordLinkChange(
  ctx: CallerCtx,
  tx: DbOrTx,
  customerId: number,
  appId: number,
  action: 'customer.app_linked' | 'customer.app_unlinked',
) {
  const appIds = [...new Set([...(await linkedAppIds(tx, customerId)), appId])];
  await recordEvent(tx, {
    type: 'customer.updated',
    companyId: ctx.companyId,
    customerId,
    actor: eventActorOf(ctx.actor),
    data: { fields: ['apps'], app_ids: appIds },
  });
  await recordActivity(tx, ctx.actor, {
    companyId: ctx.companyId,
    action,
    entityType: 'customer',
    entityId: customerId,
    details: { app_id: appId },
  });
}

/** An app of the company the caller can see, or 404. */
async function requireAppInReach(ctx: CallerCtx, r: CustomerReach, appId: number) {
  if (!isSqlInt(appId) || (r.appIds !== null && !r.appIds.includes(appId))) throw notFound('App');
  const res = await ctx.db.execute(
    sql`select 1 from apps where id = ${appId} and company_id = ${ctx.companyId}`,
  );
  if (res.rows.length === 0) throw notFound('App');
}

/** `GET /customer/apps?id=`: the customer's apps the caller can see, by name. */
export async function customerApps(ctx: CallerCtx, r: CustomerReach, id: number): Promise<CustomerApp[]> {
  await getCustomer(ctx.db, r, id);
  return appsInReach(ctx, r, id);
}

/** The customer's links to apps in reach: none once the caller unlinked the last app it could see. */
async function appsInReach(ctx: CallerCtx, r: CustomerReach, id: number): Promise<CustomerApp[]> {
  const res = await ctx.db.execute<{ app_id: number; app_name: string; created_at: string }>(sql`
    select a.id as app_id, a.name as app_name, ca.created_at from customer_apps ca join apps a on a.id = ca.app_id
    where ca.customer_id = ${id} and ca.company_id = ${ctx.companyId}
      and ${r.appIds === null ? sql`true` : sql`ca.app_id = any(${sql.param(r.appIds)}::int[])`}
    order by a.name, a.id`);
  return res.rows.map((row) => ({
    app_id: Number(row.app_id),
    app_name: row.app_name,
    linked_ts: isoFromDb(row.created_at),
  }));
}

/** `POST /customer/apps`: links the customer to one more app (nothing changes when it already is). */
export async function linkCustomerApp(ctx: CallerCtx, r: CustomerReach, customerId: number, appId: number) {
  await getCustomer(ctx.db, r, customerId);
  await requireAppInReach(ctx, r, appId);
  await ctx.db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      insert into customer_apps (customer_id, app_id, company_id)
      values (${customerId}, ${appId}, ${ctx.companyId}) on conflict do nothing returning app_id`);
    if (res.rows.length === 0) return;
    await recordLinkChange(ctx, tx, customerId, appId, 'customer.app_linked');
  });
  return customerApps(ctx, r, customerId);
}

/**
 * `DELETE /customer/apps?id=&app_id=`: unlinks an app. A customer with conversations keeps at least one app
 * (409), so it never drops out of every list while its conversations remain.
 */
export async function unlinkCustomerApp(ctx: CallerCtx, r: CustomerReach, customerId: number, appId: number) {
  await getCustomer(ctx.db, r, customerId);
  await requireAppInReach(ctx, r, appId);
  await ctx.db.transaction(async (tx) => {
    // Locks the customer's links, so two unlinks at once cannot both leave it with none.
    const links = await tx.execute<{ app_id: number }>(sql`
      select app_id from customer_apps where customer_id = ${customerId} for update`);
    if (!links.rows.some((l) => Number(l.app_id) === appId)) throw notFound('App link');
    const has = await tx.execute(sql`select 1 from conversations where customer_id = ${customerId} limit 1`);
    if (links.rows.length === 1 && has.rows.length > 0) {
      throw conflict('A customer with conversations keeps at least one app');
    }
    await tx.execute(sql`delete from customer_apps where customer_id = ${customerId} and app_id = ${appId}`);
    await recordLinkChange(ctx, tx, customerId, appId, 'customer.app_unlinked');
  });
  return appsInReach(ctx, r, customerId);
}
