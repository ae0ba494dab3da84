import type { Customer, CustomerLabelsBody, LabelChange } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { CallerCtx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import { eventActorOf, recordEvent } from '../events/record.ts';
import { labelRefsOf, labelRefsSql } from '../labels/refs.ts';
import { requireLabels } from '../labels/service.ts';
import { type CustomerReach, getCustomer } from './reads.ts';
import { linkedAppIds } from './writes.ts';

/**
 * Puts labels on a customer and takes labels off (`POST /customer/labels`): anyone who sees the customer. A
 * label in both lists is taken off. When something changed, one `customer.labels_changed` event (with the
 * labels it carries afterwards and the customer's apps, which decide who is told) and the activity. A
 * customer out of reach or a label not of the company answers 404 and nothing changes.
 */
export async function changeCustomerLabels(
  ctx: CallerCtx,
  r: CustomerReach,
  customerId: number,
  edit: LabelChange,
  tx?: DbOrTx,
): Promise<{ added: number[]; removed: number[] }> {
  const run = async (db: DbOrTx) => {
    await getCustomer(db, r, customerId);
    const [locked] = (
      await db.execute<{ id: number }>(
        sql`select id from customers where id = ${customerId} and company_id = ${ctx.companyId} for update`,
      )
    ).rows;
    if (!locked) throw notFound('Customer');
    const remove = [...new Set(edit.remove)];
    const add = [...new Set(edit.add)].filter((id) => !remove.includes(id));
    await requireLabels({ ...ctx, db }, [...add, ...remove]);
    const removed = remove.length
      ? await db.execute<{ label_id: number }>(sql`delete from customer_labels
          where customer_id = ${customerId} and label_id = any(${sql.param(remove)}::int[]) returning label_id`)
      : { rows: [] };
    const added = add.length
      ? await db.execute<{
          label_id: number;
        }>(sql`insert into customer_labels (company_id, customer_id, label_id)
          select ${ctx.companyId}::int, ${customerId}::int, l from unnest(${sql.param(add)}::int[]) l
          on conflict do nothing returning label_id`)
      : { rows: [] };
    const out = {
      added: added.rows.map((x) => Number(x.label_id)),
      removed: removed.rows.map((x) => Number(x.label_id)),
    };
    if (out.added.length === 0 && out.removed.length === 0) return out;
    const [now] = (
      await db.execute<{ labels: unknown }>(
        sql`select ${labelRefsSql('customer', sql`${customerId}::int`)} as labels`,
      )
    ).rows;
    await recordEvent(db, {
      type: 'customer.labels_changed',
      companyId: ctx.companyId,
      customerId,
      actor: eventActorOf(ctx.actor),
      data: { ...out, labels: labelRefsOf(now?.labels), app_ids: await linkedAppIds(db, customerId) },
    });
    await recordChange(db, ctx.actor, ctx.companyId, 'customer.labels_changed', customerId, out);
    return out;
  };
  return tx ? run(tx) : ctx.db.transaction(run);
}

/** The route: the change, then the customer as it is afterwards. */
export async function labelCustomer(
  ctx: CallerCtx,
  r: CustomerReach,
  body: CustomerLabelsBody,
): Promise<Customer> {
  await changeCustomerLabels(ctx, r, body.customer_id, body);
  return getCustomer(ctx.db, r, body.customer_id);
}
