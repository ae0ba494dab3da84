import type { CreateCustomerBody, Customer, UpdateCustomerBody } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, conversations, customerApps, customers } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { CallerCtx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import { type AttachmentStorage, removeFiles } from '../attachments/storage.ts';
import { deleteConversationsWhere } from '../conversations/delete.ts';
import { eventActorOf, recordEvent } from '../events/record.ts';
import {
  claimIdentity,
  customerWith,
  emailKey,
  givenPhone,
  type IdentityKind,
  lockIdentity,
  storedPhoneKey,
} from './identities.ts';
import { type CustomerReach, getCustomer } from './reads.ts';

/** The apps a customer is linked to: customer events carry them, so live consoles can tell who may see them. */
export async function linkedAppIds(tx: DbOrTx, customerId: number): Promise<number[]> {
  const res = await tx.execute<{ app_id: number }>(
    sql`select app_id from customer_apps where customer_id = ${customerId} order by app_id`,
  );
  return res.rows.map((r) => Number(r.app_id));
}

/** 409 naming the customer that already holds the email or phone (contract section 8). */
const taken = (field: 'email' | 'phone', customerId: number) =>
  new AppError('CONFLICT', `Another customer already has this ${field}`, {
    details: { field, customer_id: customerId },
  });

/** Locks an identity's value and answers 409 when a customer other than `customerId` (or any, for null) holds it. */
async function refuseTaken(
  tx: DbOrTx,
  companyId: number,
  customerId: number | null,
  kind: IdentityKind,
  value: string,
) {
  await lockIdentity(tx, companyId, kind, value);
  const holder = await customerWith(tx, companyId, kind, value);
  if (holder !== null && holder !== customerId) throw taken(kind === 'email' ? 'email' : 'phone', holder);
}

/**
 * Gives the customer `value` as its identity of `kind` in place of `previous`; 409 when another customer of
 * the company holds it. Locked until the transaction ends, so two customers cannot take one email at once.
 */
async function replaceIdentity(
  tx: DbOrTx,
  companyId: number,
  customerId: number,
  kind: IdentityKind,
  previous: string | null,
  value: string | null,
) {
  if (previous === value) return;
  if (value !== null) await refuseTaken(tx, companyId, customerId, kind, value);
  if (previous !== null) {
    await tx.execute(sql`delete from customer_identities where company_id = ${companyId}
      and customer_id = ${customerId} and kind = ${kind} and value = ${previous}`);
  }
  if (value !== null) await claimIdentity(tx, companyId, customerId, kind, value);
}

const emailOf = (v: string | null) => (v === null ? null : emailKey(v));

/** `POST /customers`: a customer linked to apps the caller can see. */
export async function createCustomer(ctx: CallerCtx, r: CustomerReach, body: CreateCustomerBody) {
  const appIds = [...new Set(body.app_ids)];
  for (const appId of appIds) {
    if (r.appIds !== null && !r.appIds.includes(appId)) throw notFound('App');
  }
  const phone = givenPhone('phone', body.phone);
  const id = await ctx.db.transaction(async (tx) => {
    // Apps of the company only (a company admin's reach is "every app", checked here against the rows).
    const found = await tx.execute<{ n: number }>(sql`select count(*)::int as n from apps
      where company_id = ${ctx.companyId} and id = any(${sql.param(appIds)}::int[])`);
    if (Number(found.rows[0]?.n) !== appIds.length) throw notFound('App');
    const email = emailOf(body.email ?? null);
    // Before the row: the customers table's own unique email would otherwise fail the insert as a 500.
    if (email !== null) await refuseTaken(tx, ctx.companyId, null, 'email', email);
    if (phone !== null) await refuseTaken(tx, ctx.companyId, null, 'phone', phone);
    const [row] = await tx
      .insert(customers)
      .values({ companyId: ctx.companyId, name: body.name, email, phone })
      .returning({ id: customers.id });
    const customerId = row!.id;
    await replaceIdentity(tx, ctx.companyId, customerId, 'email', null, email);
    await replaceIdentity(tx, ctx.companyId, customerId, 'phone', null, phone);
    await tx
      .insert(customerApps)
      .values(appIds.map((appId) => ({ customerId, appId, companyId: ctx.companyId })));
    await recordEvent(tx, {
      type: 'customer.created',
      companyId: ctx.companyId,
      customerId,
      actor: eventActorOf(ctx.actor),
      data: { app_ids: appIds },
    });
    await recordChange(tx, ctx.actor, ctx.companyId, 'customer.created', customerId, {
      name: body.name,
      app_ids: appIds,
    });
    return customerId;
  });
  return getCustomer(ctx.db, r, id);
}

/** `PUT /customers?id=`: the fields given change; an email or phone another customer has answers 409. */
export async function updateCustomer(
  ctx: CallerCtx,
  r: CustomerReach,
  id: number,
  body: UpdateCustomerBody,
): Promise<Customer> {
  const shown = await getCustomer(ctx.db, r, id);
  // The phone as shown comes back unchanged with every save of the profile: it is kept as it is, even one
  // stored before phones were read strictly; any other is read now, before anything is written.
  const samePhone = body.phone === undefined || (body.phone ?? null) === shown.phone;
  const given = samePhone ? undefined : givenPhone('phone', body.phone);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!current || current.companyId !== ctx.companyId) throw notFound('Customer');
    const email = body.email === undefined ? current.email : emailOf(body.email);
    const phone = given === undefined ? current.phone : given;
    await replaceIdentity(tx, ctx.companyId, id, 'email', emailOf(current.email), email);
    if (given !== undefined) {
      const previous = current.phone === null ? null : storedPhoneKey(current.phone);
      await replaceIdentity(tx, ctx.companyId, id, 'phone', previous, given);
    }
    await tx
      .update(customers)
      .set({
        name: body.name ?? current.name,
        email,
        phone,
        notes: body.notes ?? current.notes,
        attributes: body.attributes ?? current.attributes,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, id));
    const changed = Object.keys(body).filter((k) => body[k as keyof UpdateCustomerBody] !== undefined);
    await recordEvent(tx, {
      type: 'customer.updated',
      companyId: ctx.companyId,
      customerId: id,
      actor: eventActorOf(ctx.actor),
      data: { fields: changed, app_ids: await linkedAppIds(tx, id) },
    });
    await recordChange(tx, ctx.actor, ctx.companyId, 'customer.updated', id, { fields: changed });
  });
  return getCustomer(ctx.db, r, id);
}

/**
 * `DELETE /customers?id=`, the right to erasure: the customer, its identities, app links, conversations,
 * messages and files. Only for whoever may delete conversations in every app the customer is linked to
 * (company admins and managers, or an app's admins and managers). The activity keeps counts, no personal data.
 */
export async function eraseCustomer(
  ctx: CallerCtx,
  r: CustomerReach,
  storage: AttachmentStorage,
  id: number,
) {
  const customer = await getCustomer(ctx.db, r, id);
  const keys = await ctx.db.transaction(async (tx) => {
    const links = await tx
      .select({ appId: customerApps.appId })
      .from(customerApps)
      .where(eq(customerApps.customerId, id));
    const inConversations = await tx
      .selectDistinct({ appId: conversations.appId })
      .from(conversations)
      .where(eq(conversations.customerId, id));
    const apps = new Set([...links, ...inConversations].map((l) => l.appId));
    if (!r.v.all && [...apps].some((appId) => !r.v.fullAppIds.includes(appId))) {
      throw forbidden('Erasing a customer requires the admin or manager role in each of its apps');
    }
    const files = await tx
      .select({ key: attachments.storageKey })
      .from(attachments)
      .innerJoin(conversations, eq(conversations.id, attachments.conversationId))
      .where(eq(conversations.customerId, id));
    const appIds = await linkedAppIds(tx, id);
    await deleteConversationsWhere(
      tx,
      ctx.companyId,
      eq(conversations.customerId, id),
      eventActorOf(ctx.actor),
    );
    await tx.delete(customers).where(eq(customers.id, id));
    // Earlier entries of the activities feed named the customer: erasure leaves them their ids only.
    await tx.execute(sql`update activities set details = details - 'name' - 'email' - 'phone'
      where company_id = ${ctx.companyId} and entity_type = 'customer' and entity_id = ${String(id)}`);
    await recordEvent(tx, {
      type: 'customer.deleted',
      companyId: ctx.companyId,
      customerId: id,
      actor: eventActorOf(ctx.actor),
      data: { app_ids: appIds },
    });
    await recordChange(tx, ctx.actor, ctx.companyId, 'customer.deleted', id, {
      conversations: customer.conversations_count,
      files: files.length,
    });
    return files.map((f) => f.key);
  });
  return removeFiles(storage, keys);
}
