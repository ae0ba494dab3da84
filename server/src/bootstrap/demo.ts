import { type BusinessHours, weekHours } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  appMembers,
  apps,
  autoResponders,
  companies,
  companyMembers,
  integrations,
  queueMembers,
  queues,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { type SecretsBox, sealIntegrationSecrets } from '../lib/secrets-box.ts';
import { newSigningSecret } from '../modules/integrations/service.ts';
import { seedDemoConversations } from './demo-conversations.ts';

export interface DemoInfo {
  appId: number;
  logins: { email: string; password: string; role: string }[];
}

/** Weekdays nine to half past five in Berlin, closed over Christmas and New Year. */
const DEMO_HOURS: BusinessHours = {
  days: weekHours('09:00', '17:30'),
  holidays: ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-31', '2027-01-01'],
};

/** Everyone in the demo company signs in with this password; it is printed at start. */
export const DEMO_PASSWORD = 'demo1234';

const PEOPLE = [
  { key: 'owner', name: 'Olivia Owner', email: 'olivia@acme.test', role: 'admin' },
  { key: 'manager', name: 'Marco Manager', email: 'marco@acme.test', role: 'manager' },
  { key: 'agent', name: 'Amy Agent', email: 'amy@acme.test', role: 'agent' },
  { key: 'agent2', name: 'Ben Agent', email: 'ben@acme.test', role: 'agent' },
] as const;

/**
 * A small living company so a new user sees a working product: Acme with two apps (a storefront and a
 * billing product), public and private queues, agents placed in them, business hours, a greeting and an
 * outside-hours auto-responder on the store, an outgoing webhook there that is off until edited, and
 * customers with conversations in every state spread over the last days (demo-threads.ts).
 */
export async function seedDemoData(db: Db, box: SecretsBox): Promise<DemoInfo> {
  return db.transaction(async (tx) => {
    const [acme] = await tx
      .insert(companies)
      .values({ name: 'Acme Inc', timezone: 'Europe/Berlin', businessHours: DEMO_HOURS })
      .returning();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const people = await tx
      .insert(users)
      .values(PEOPLE.map((p) => ({ name: p.name, email: p.email, passwordHash })))
      .returning();
    const id = (key: (typeof PEOPLE)[number]['key']) => people[PEOPLE.findIndex((p) => p.key === key)]!.id;
    await tx
      .insert(companyMembers)
      .values(PEOPLE.map((p) => ({ companyId: acme!.id, userId: id(p.key), role: p.role })));

    const [store, billing] = await tx
      .insert(apps)
      .values([
        {
          companyId: acme!.id,
          name: 'Acme Store',
          description: 'Orders, shipping and returns for the web shop',
        },
        { companyId: acme!.id, name: 'Acme Billing', description: 'Invoices, plans and payment questions' },
      ])
      .returning();
    const [general, returns, vip, invoices] = await tx
      .insert(queues)
      .values([
        { companyId: acme!.id, appId: store!.id, name: 'General', description: 'Anything about an order' },
        { companyId: acme!.id, appId: store!.id, name: 'Returns', description: 'Returns and refunds' },
        { companyId: acme!.id, appId: store!.id, name: 'VIP', description: 'Key accounts', isPrivate: true },
        { companyId: acme!.id, appId: billing!.id, name: 'Invoices', description: 'Invoices and payments' },
      ])
      .returning();
    await tx.insert(appMembers).values([
      { companyId: acme!.id, appId: store!.id, userId: id('agent'), role: 'agent' },
      { companyId: acme!.id, appId: store!.id, userId: id('agent2'), role: 'agent' },
      { companyId: acme!.id, appId: billing!.id, userId: id('agent'), role: 'agent' },
    ]);
    await tx.insert(queueMembers).values([
      { companyId: acme!.id, queueId: general!.id, userId: id('agent'), role: 'member' },
      { companyId: acme!.id, queueId: returns!.id, userId: id('agent2'), role: 'member' },
      { companyId: acme!.id, queueId: vip!.id, userId: id('agent'), role: 'manager' },
      { companyId: acme!.id, queueId: invoices!.id, userId: id('agent'), role: 'member' },
    ]);
    await tx.insert(autoResponders).values([
      {
        companyId: acme!.id,
        appId: store!.id,
        name: 'Greeting',
        trigger: 'conversation_started',
        message:
          'Hi {{customer.name}}, thanks for contacting {{app.name}}! An agent will be with you shortly.',
      },
      {
        companyId: acme!.id,
        appId: store!.id,
        name: 'Outside business hours',
        trigger: 'outside_business_hours',
        message:
          'Our team is away right now. We are back {{business_hours.next_open}} and will answer you then.',
      },
    ]);
    // An outgoing webhook to a placeholder address, switched off: it shows what one looks like and sends
    // nothing until someone gives it their own URL and switches it on.
    const [hook] = await tx
      .insert(integrations)
      .values({
        companyId: acme!.id,
        appId: store!.id,
        type: 'webhook',
        name: 'Order system (edit me)',
        isActive: false,
        settings: {
          url: 'https://orders.example.com/support-inbox/webhooks',
          events: ['conversation.created', 'message.created', 'conversation.resolved'],
        },
      })
      .returning({ id: integrations.id });
    // Sealed under its row's id (decision 038), which exists only once the row does.
    await tx
      .update(integrations)
      .set({ secrets: sealIntegrationSecrets(box, hook!.id, { signing_secret: newSigningSecret() }) })
      .where(eq(integrations.id, hook!.id));
    await seedDemoConversations(tx, {
      companyId: acme!.id,
      apps: { store: store!.id, billing: billing!.id },
      queues: { general: general!.id, returns: returns!.id, vip: vip!.id, invoices: invoices!.id },
      users: { owner: id('owner'), manager: id('manager'), agent: id('agent'), agent2: id('agent2') },
    });
    return {
      appId: store!.id,
      logins: PEOPLE.map((p) => ({ email: p.email, password: DEMO_PASSWORD, role: `company ${p.role}` })),
    };
  });
}
