import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { platformAdmin } from '../../../test/tenants.ts';

const t = useTestApp();
let admin: Session;
let platform: Session;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  tenant = await createTenant(t.db);
  admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
  platform = (await platformAdmin(t)).session;
});

/** The set-password link of the invitation mailed to `email`. */
async function invitationLink(email: string) {
  const mail = await t.smtp.waitFor(email);
  const token = mail.text?.match(/http:\/\/inbox\.test\/password-reset\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeDefined();
  return { mail, token: token! };
}

const login = (email: string, password: string) =>
  call(t.app, 'POST', '/auth/login', { body: { email, password } });

describe('invitations', () => {
  it('mails a user added without a password a link to set one; the account signs in only after', async () => {
    const res = await call(t.app, 'POST', '/users', {
      as: admin,
      body: { name: 'Ivy Invite', email: 'ivy@example.test', company_role: 'agent' },
    });
    expect(res.status).toBe(201);
    const { mail, token } = await invitationLink('ivy@example.test');
    expect(mail.subject).toBe(`You are invited to ${tenant.company.name} on Support Inbox`);
    expect(mail.text).toContain('Ada Admin has given you an account');
    expect(mail.text).toContain('expires in 7 days');

    expect((await login('ivy@example.test', 'a-password-guess')).status).toBe(401);
    const set = await call(t.app, 'POST', '/auth/password_reset_hash', {
      body: { hash: token, password: 'ivy-new-pass-1' },
    });
    expect(set.status).toBe(200);
    const signedIn = await login('ivy@example.test', 'ivy-new-pass-1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.companies.map((c: { company_id: number }) => c.company_id)).toEqual([
      tenant.company.id,
    ]);
    // The link is spent.
    const again = await call(t.app, 'POST', '/auth/password_reset_hash', {
      body: { hash: token, password: 'another-pass-2' },
    });
    expect(again.status).toBe(422);
  });

  it('mails a user the platform admin creates, with or without a password', async () => {
    for (const [email, password] of [
      ['pia@example.test', undefined],
      ['pete@example.test', 'pete-pass-123'],
    ] as const) {
      const res = await call(t.app, 'POST', '/admin/users', {
        as: platform,
        body: { name: 'Platform Made', email, ...(password ? { password } : {}) },
      });
      expect(res.status).toBe(201);
      const { mail } = await invitationLink(email);
      expect(mail.subject).toBe('You are invited to Support Inbox');
    }
    expect((await login('pete@example.test', 'pete-pass-123')).status).toBe(200);
  });

  it('does not mail an existing account that joins the company', async () => {
    const toPia = () => t.smtp.inbox.filter((m) => m.text?.includes('Hello Platform Made')).length;
    const before = toPia();
    const res = await call(t.app, 'POST', '/users', {
      as: admin,
      body: { name: 'Ignored', email: 'pia@example.test', company_role: 'agent' },
    });
    expect(res.status).toBe(201);
    // A mail the join would have sent leaves before this later one, which is awaited.
    await call(t.app, 'POST', '/users', {
      as: admin,
      body: { name: 'Later One', email: 'later@example.test' },
    });
    await invitationLink('later@example.test');
    expect(toPia()).toBe(before);
  });
});
