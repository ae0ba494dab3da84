import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A merge's move (`customers/merge.ts`): every conversation of the duplicate customer now belongs to the
 * primary, in the merge's transaction. Not a change of status, assignee or queue, so no line or event of its
 * own: the merge records `customer.merged` with how many moved (decision 044). Answers their ids.
 */
export async function moveConversationsToCustomer(
  tx: DbOrTx,
  companyId: number,
  from: { duplicateId: number; primaryId: number },
) {
  const moved = await tx.execute<{ id: number }>(sql`
    update conversations set customer_id = ${from.primaryId}
    where customer_id = ${from.duplicateId} and company_id = ${companyId} returning id`);
  return moved.rows.map((r) => Number(r.id));
}
