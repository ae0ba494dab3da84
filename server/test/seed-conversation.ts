import type { Db } from '../src/db/client.ts';
import { customerApps, customers } from '../src/db/schema/index.ts';
import { appendMessage, type Sender } from '../src/modules/conversations/append.ts';
import { createConversation } from '../src/modules/conversations/create.ts';
import { findOrCreateCustomer } from '../src/modules/customers/find-or-create.ts';

export type Line = { customer: string } | { agent: number; text: string } | { note: number; text: string };

/**
 * A conversation written through the conversation services (numbers, first reply, statuses as in
 * production), for tests of the AI and secure-link calls.
 */
export async function seedConversation(
  db: Db,
  input: {
    app: { id: number; companyId: number };
    queueId?: number | null;
    customer: { name: string; email: string | null };
    lines: Line[];
    /** Whether the customer is proven; seeded conversations stand for known customers unless told. */
    verified?: boolean;
  },
) {
  const { app } = input;
  const customer = input.customer.email
    ? await findOrCreateCustomer(db, {
        companyId: app.companyId,
        appId: app.id,
        ...input.customer,
        email: input.customer.email,
      })
    : await customerWithoutEmail(db, app, input.customer.name);
  const conversation = await db.transaction((tx) =>
    createConversation(tx, {
      companyId: app.companyId,
      appId: app.id,
      queueId: input.queueId ?? null,
      customerId: Number(customer.id),
      channel: 'portal',
      verified: input.verified ?? true,
    }),
  );
  for (const line of input.lines) {
    const sender: Sender =
      'customer' in line
        ? { type: 'customer' }
        : { type: 'agent', userId: 'agent' in line ? line.agent : line.note };
    const result = await appendMessage({
      db,
      companyId: app.companyId,
      conversationId: conversation.id,
      sender,
      content: 'customer' in line ? line.customer : line.text,
      isPrivate: 'note' in line,
    });
    if (result.outcome !== 'created') throw new Error(`seed message: ${result.outcome}`);
  }
  return { id: conversation.id, number: conversation.number, customerId: Number(customer.id) };
}

async function customerWithoutEmail(db: Db, app: { id: number; companyId: number }, name: string) {
  const [row] = await db.insert(customers).values({ companyId: app.companyId, name }).returning();
  await db.insert(customerApps).values({ customerId: row!.id, appId: app.id, companyId: app.companyId });
  return row!;
}
