import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.ts';
import { portal, startChat, usePortalSuite } from '../../../test/portal.ts';
import { conversations, customers } from '../../db/schema/index.ts';

/**
 * The public portal form proves no email (decision 030): a visitor who types a known customer's address joins
 * that customer's history in the console, but learns nothing of them and adds nothing to their record.
 */
const { t, tenant } = usePortalSuite();

const customerOf = async (conversationId: number) => {
  const [row] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId));
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, row!.customerId));
  return customer!;
};

describe('a portal visitor who types a known email', () => {
  it('sees only the name they typed, never the name stored for that email', async () => {
    // Rae wrote before; someone else now types Rae's email into the public form with another name.
    const first = await startChat(t.app, tenant.app.id, {
      email: 'rae.stored@example.test',
      queueId: tenant.queue.id,
      name: 'Rae Stored-Name',
    });
    const other = await startChat(t.app, tenant.app.id, {
      email: 'rae.stored@example.test',
      queueId: tenant.queue.id,
      name: 'Mallory',
    });
    const sent = dataOf(
      await portal(t.app, 'POST', '/portal/messages', { token: other.token, body: { content: 'And again' } }),
      201,
    );
    const seen = JSON.stringify([
      dataOf(await portal(t.app, 'GET', '/portal/conversation', { token: other.token })),
      dataOf(await portal(t.app, 'GET', '/portal/poll', { token: other.token })),
      sent,
    ]);
    expect(seen).toContain('Mallory');
    expect(seen).not.toContain('Stored-Name');
    // The company still files both chats under the one customer of that email, with the name it knows.
    const filed = await customerOf(first.conversationId);
    expect((await customerOf(other.conversationId)).id).toBe(filed.id);
    expect(filed.name).toBe('Rae Stored-Name');
  });

  it('adds no phone to the customer they did not create, while a new customer keeps theirs', async () => {
    const start = (email: string, name: string, phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/portal/start',
        payload: {
          app_id: tenant.app.id,
          queue_id: tenant.queue.id,
          customer_info: { name, email, phone },
          initial_message: 'Hello',
        },
      });
    const first = await start('no.phone@example.test', 'Nora', '');
    const later = await start('no.phone@example.test', 'Someone', '+44 20 7946 0001');
    expect([first.statusCode, later.statusCode]).toEqual([201, 201]);
    const known = await customerOf(later.json().data.conversation_id);
    expect(known).toMatchObject({ name: 'Nora', phone: null });
    const fresh = await start('fresh.phone@example.test', 'Fay', '+44 20 7946 0002');
    expect(await customerOf(fresh.json().data.conversation_id)).toMatchObject({ phone: '+442079460002' });
  });
});
