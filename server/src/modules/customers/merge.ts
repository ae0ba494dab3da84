import type { Customer } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { forbidden, notFound } from '../../http/app-error.ts';
import type { CompanyCtx } from '../access/context.ts';
import { recordActivity } from '../activities/service.ts';
import { moveConversationsToCustomer } from '../conversations/customer-move.ts';
import { eventActorOf, recordEvent } from '../events/record.ts';
import { type CustomerReach, getCustomer } from './reads.ts';
import { linkedAppIds } from './writes.ts';

interface Locked extends Record<string, unknown> {
  id: number;
  email: string | null;
  phone: string | null;
  notes: string;
  attributes: Record<string, string>;
}

/**
 * `POST /customer/merge`: the duplicate's conversations, identities, app links, missing contact details,
 * attributes and notes move to the primary, and the duplicate is deleted, in one transaction.
 *
 * Both customer rows are locked first (lower id first, so two merges cannot deadlock), then the duplicate's
 * conversations are moved by one update, which waits for a message being written to one of them and makes
 * any later write wait in turn: a message sent during the merge lands in its conversation, which then
 * belongs to the primary. Portal sessions belong to conversations, so they keep working. The caller must
 * reach every app of the duplicate, since its conversations there change hands too.
 */
export async function mergeCustomers(
  ctx: CompanyCtx,
  r: CustomerReach,
  primaryId: number,
  duplicateId: number,
) {
  await getCustomer(ctx.db, r, primaryId);
  await getCustomer(ctx.db, r, duplicateId);
  await ctx.db.transaction(async (tx) => {
    const locked = await tx.execute<Locked>(sql`
      select id, email, phone, notes, attributes from customers
      where id in (${primaryId}, ${duplicateId}) and company_id = ${ctx.companyId}
      order by id for update`);
    const primary = locked.rows.find((c) => Number(c.id) === primaryId);
    const duplicate = locked.rows.find((c) => Number(c.id) === duplicateId);
    // A merge that committed while this one waited took the duplicate away: as if it never existed.
    if (!primary || !duplicate) throw notFound('Customer');
    if (r.appIds !== null) {
      const outside = await tx.execute(sql`
        select 1 from (select app_id from customer_apps where customer_id = ${duplicateId}
          union select app_id from conversations where customer_id = ${duplicateId}) a
        where not (a.app_id = any(${sql.param(r.appIds)}::int[])) limit 1`);
      if (outside.rows.length > 0) {
        throw forbidden('Merging needs access to every app of the duplicate customer');
      }
    }
    const moved = await moveConversationsToCustomer(tx, ctx.companyId, { duplicateId, primaryId });
    await tx.execute(sql`update customer_identities set customer_id = ${primaryId}
      where customer_id = ${duplicateId} and company_id = ${ctx.companyId}`);
    await tx.execute(sql`insert into customer_apps (customer_id, app_id, company_id)
      select ${primaryId}, app_id, company_id from customer_apps where customer_id = ${duplicateId}
      on conflict do nothing`);
    // Labels are the team's words about the person: the primary carries the duplicate's too.
    await tx.execute(sql`insert into customer_labels (company_id, customer_id, label_id)
      select company_id, ${primaryId}, label_id from customer_labels where customer_id = ${duplicateId}
      on conflict do nothing`);
    // Deleted before the primary takes its email: one company's customers never share an email.
    await tx.execute(sql`delete from customers where id = ${duplicateId}`);
    const notes = [primary.notes, duplicate.notes].filter((n) => n.trim() !== '');
    await tx.execute(sql`update customers set
        email = coalesce(email, ${duplicate.email}), phone = coalesce(phone, ${duplicate.phone}),
        attributes = ${JSON.stringify({ ...duplicate.attributes, ...primary.attributes })}::jsonb,
        notes = ${[...new Set(notes)].join('\n\n')},
        updated_at = now()
      where id = ${primaryId}`);
    await tx.execute(sql`update customer_activity set last_activity_at = greatest(last_activity_at,
        (select max(last_activity_at) from conversations where customer_id = ${primaryId}))
      where customer_id = ${primaryId}`);
    await recordEvent(tx, {
      type: 'customer.merged',
      companyId: ctx.companyId,
      customerId: primaryId,
      actor: eventActorOf(ctx.actor),
      data: {
        primary_customer_id: primaryId,
        duplicate_customer_id: duplicateId,
        conversations: moved.length,
        app_ids: await linkedAppIds(tx, primaryId),
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: ctx.companyId,
      action: 'customer.merged',
      entityType: 'customer',
      entityId: primaryId,
      details: {
        primary_customer_id: primaryId,
        duplicate_customer_id: duplicateId,
        conversations: moved.length,
      },
    });
  });
  return getCustomer(ctx.db, r, primaryId) as Promise<Customer>;
}
