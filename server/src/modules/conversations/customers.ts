import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface CustomerInput {
  companyId: number;
  appId: number;
  name: string;
  email: string;
  phone?: string | null;
}

/**
 * The company's customer with this email (case-insensitive), created when there is none, and linked to the
 * app. One upsert, so two first contacts at once still make one customer. An existing customer keeps the
 * name agents may have curated; a newly given phone fills an empty one.
 */
export async function findOrCreateCustomer(db: DbOrTx, input: CustomerInput) {
  const res = await db.execute<{ id: number; name: string; email: string }>(sql`
    insert into customers (company_id, name, email, phone, last_seen_at)
    values (${input.companyId}, ${input.name}, ${input.email}, ${input.phone ?? null}, now())
    on conflict (company_id, lower(email)) where email is not null
    do update set last_seen_at = now(), phone = coalesce(customers.phone, excluded.phone)
    returning id, name, email`);
  const customer = res.rows[0]!;
  await db.execute(sql`
    insert into customer_apps (customer_id, app_id, company_id)
    values (${customer.id}, ${input.appId}, ${input.companyId})
    on conflict do nothing`);
  return customer;
}
