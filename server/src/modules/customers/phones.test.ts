import { createHmac } from 'node:crypto';
import { PHONE_INVALID } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, useTestApp } from '../../../test/app.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { NOT_PHONES, PHONES } from '../../../test/phones.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * A phone is read one way wherever it comes in (issue 42): formatting and invisible characters taken out,
 * a possible international number stored as E.164, anything else refused with 422 on its field and
 * nothing stored. Here: the portal, the website widget and the customers API; the API integration and the
 * SMS and WhatsApp channels have theirs beside their own tests.
 */
const t = useTestApp({
  portalRateLimit: { startsPerIp: 1000, messagesPerIp: 1000, messagesPerToken: 1000, windowMs: 60_000 },
});
const SECRET = 'widget-identity-secret';
/** A company with the website widget. Each entry point has its own: a number is one customer's per company. */
async function company() {
  const a = await tenantWithSessions(t);
  await addIntegration(t, a.as.admin, {
    app_id: a.app.id,
    type: 'web',
    name: 'Website',
    settings: { allowed_origins: ['https://shop.example.com'] },
    secrets: { identity_secret: SECRET },
  });
  return a;
}
type Company = Awaited<ReturnType<typeof company>>;
const w = before(async () => ({
  portal: await company(),
  unverified: await company(),
  verified: await company(),
  api: await company(),
}));

let n = 0;
const start = (a: Company, phone: string, widget?: 'verified' | 'unverified') => {
  const email = `phone${++n}@phones.test`;
  const hash = createHmac('sha256', SECRET).update(email).digest('hex');
  return {
    email,
    res: call(t.app, 'POST', '/portal/start', {
      body: {
        app_id: a.app.id,
        customer_info: { name: 'Pat Phone', email, phone },
        initial_message: 'Please call me back',
        queue_id: a.queue.id,
        ...(widget ? { via_widget: true } : {}),
        ...(widget === 'verified' ? { identity_hash: hash } : {}),
      },
    }),
  };
};

/** What the console shows of the customer with this email, or undefined when there is none. */
async function customerByEmail(a: Company, email: string) {
  const res = await call(t.app, 'GET', '/customers', { as: a.as.admin, query: { search: email } });
  return (dataOf(res) as { customer_id: number; phone: string | null; email: string }[]).find(
    (c) => c.email === email,
  );
}

const counts = async () =>
  (
    await t.db.execute<{ customers: number; conversations: number; identities: number }>(sql`
      select (select count(*)::int from customers) as customers,
        (select count(*)::int from conversations) as conversations,
        (select count(*)::int from customer_identities) as identities`)
  ).rows[0];

describe('phones at the portal and the widget', () => {
  for (const widget of [undefined, 'unverified', 'verified'] as const) {
    const where = widget ? `the widget (${widget} visitor)` : 'the portal';
    const a = () => w[widget ?? 'portal'];
    it(`refuses at ${where} a text that is no phone number, storing nothing`, async () => {
      const before = await counts();
      for (const [what, phone] of NOT_PHONES) {
        const { email, res } = start(a(), phone, widget);
        expect(fieldErrorsOf(await res), what).toEqual({ 'customer_info.phone': [PHONE_INVALID] });
        expect(await customerByEmail(a(), email), what).toBeUndefined();
      }
      expect(await counts()).toEqual(before);
    });

    it(`stores at ${where} a phone as E.164, its formatting and invisible characters taken out`, async () => {
      for (const [typed, e164] of PHONES) {
        const { email, res } = start(a(), typed, widget);
        dataOf(await res, 201);
        expect((await customerByEmail(a(), email))?.phone, JSON.stringify(typed)).toBe(e164);
      }
    });
  }
});

describe('phones through the customers API', () => {
  const create = (name: string, phone: string | null) =>
    call(t.app, 'POST', '/customers', {
      as: w.api.as.admin,
      body: { name, email: `${name.toLowerCase()}@phones-api.test`, phone, app_ids: [w.api.app.id] },
    });
  const update = (id: number, body: Record<string, unknown>) =>
    call(t.app, 'PUT', '/customers', { as: w.api.as.admin, query: { id }, body });

  it('refuses a text that is no phone number on create and on edit, changing nothing', async () => {
    const kept = dataOf(await create('Keeper', '+44 20 7946 0001'), 201);
    const before = await counts();
    for (const [what, phone] of NOT_PHONES) {
      expect(fieldErrorsOf(await create(`Refused${++n}`, phone)), what).toEqual({ phone: [PHONE_INVALID] });
      expect(fieldErrorsOf(await update(kept.customer_id, { phone, notes: 'changed' })), what).toEqual({
        phone: [PHONE_INVALID],
      });
    }
    expect(await counts()).toEqual(before);
    const after = await customerByEmail(w.api, 'keeper@phones-api.test');
    expect(after).toMatchObject({ phone: '+442079460001', notes: '' });
  });

  it('stores a phone as E.164 on create and on edit', async () => {
    for (const [typed, e164] of PHONES) {
      const made = dataOf(await create(`Maker${++n}`, typed), 201);
      expect(made.phone, JSON.stringify(typed)).toBe(e164);
      // Another number, then back: each edit stores what was typed, as E.164.
      const edited = dataOf(await update(made.customer_id, { phone: '+1 (212) 555-0123' }));
      expect(edited.phone).toBe('+12125550123');
      // Back: the other number's identity went with it, so the next customer may take that number.
      expect(dataOf(await update(made.customer_id, { phone: typed })).phone).toBe(e164);
    }
  });

  it('keeps a phone stored before phones were read strictly when the profile is saved with it unchanged', async () => {
    const made = dataOf(await create('Legacy', null), 201);
    await t.db.execute(sql`update customers set phone = '020 7946 0958' where id = ${made.customer_id}`);
    const saved = dataOf(await update(made.customer_id, { phone: '020 7946 0958', notes: 'Called' }));
    expect(saved).toMatchObject({ phone: '020 7946 0958', notes: 'Called' });
    // Changed, it must be a phone like any other.
    expect(fieldErrorsOf(await update(made.customer_id, { phone: '020 7946 0959' }))).toEqual({
      phone: [PHONE_INVALID],
    });
  });
});
