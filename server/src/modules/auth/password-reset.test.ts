import { PASSWORD_RESET_ANSWER } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { call, loginAs, useTestApp } from '../../../test/app.ts';
import { createUser, PASSWORD } from '../../../test/factories.ts';
import { activities, passwordResets, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { EXPIRED_RESET_LINK } from './password-reset.ts';

const t = useTestApp();

const requestReset = (email: string) => call(t.app, 'POST', '/auth/password_reset', { body: { email } });
const resetWith = (hash: string, password: string) =>
  call(t.app, 'POST', '/auth/password_reset_hash', { body: { hash, password } });

/** Asks for a reset and reads the link out of the mail the SMTP server received. */
async function mailedToken(email: string) {
  expect((await requestReset(email)).status).toBe(200);
  const mail = await t.smtp.waitFor(email);
  const match = mail.text?.match(/http:\/\/inbox\.test\/password-reset\/([A-Za-z0-9_-]+)/);
  expect(match).not.toBeNull();
  return { mail, token: match![1]! };
}

const resetsOf = (userId: number) =>
  t.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe('POST /auth/password_reset', () => {
  it('answers the same sentence for an unknown address and mails nothing', async () => {
    const before = await t.db.select().from(passwordResets);
    const res = await requestReset('nobody-here@example.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { code: 'success', message: PASSWORD_RESET_ANSWER } });
    expect(await t.db.select().from(passwordResets)).toEqual(before);
  });

  it('mails an existing user a single-use link and keeps only its hash', async () => {
    const user = await createUser(t.db, { name: 'Reset Me' });
    const { mail, token } = await mailedToken(user.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.html).toContain(`http://inbox.test/password-reset/${token}`);
    const [row] = await resetsOf(user.id);
    expect(row!.tokenHash).toBe(sha256(token));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('matches the address whatever its case', async () => {
    const user = await createUser(t.db);
    expect((await requestReset(`  ${user.email.toUpperCase()} `)).status).toBe(200);
    await t.smtp.waitFor(user.email);
    expect(await resetsOf(user.id)).toHaveLength(1);
  });

  it('mails nothing to a suspended user, with the same answer', async () => {
    const user = await createUser(t.db);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const res = await requestReset(user.email);
    expect(res.body.data.message).toBe(PASSWORD_RESET_ANSWER);
    expect(await resetsOf(user.id)).toEqual([]);
  });
});

describe('POST /auth/password_reset_hash', () => {
  it('sets the new password once, signs out every session and records it', async () => {
    const user = await createUser(t.db);
    const session = await loginAs(t.app, user.email, PASSWORD);
    const { token } = await mailedToken(user.email);
    const res = await resetWith(token, 'fresh-password');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: 'Password reset successful' } });
    expect((await call(t.app, 'GET', '/auth/me', { as: session })).status).toBe(401);
    const old = await call(t.app, 'POST', '/auth/login', { body: { email: user.email, password: PASSWORD } });
    expect(old.status).toBe(401);
    await loginAs(t.app, user.email, 'fresh-password');
    const again = await resetWith(token, 'another-password');
    expect(fieldErrorsOf(again)).toEqual({ hash: ['Invalid reset link'] });
    const logged = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'user.password_reset'), eq(activities.entityId, String(user.id))));
    expect(logged).toMatchObject([{ actorUserId: user.id, companyId: null }]);
  });

  it('refuses a password shorter than 6 characters and keeps the link usable', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user.email);
    const res = await resetWith(token, '12345');
    expect(fieldErrorsOf(res)).toEqual({ password: ['Password must be at least 6 characters long'] });
    expect((await resetWith(token, '123456')).status).toBe(200);
  });

  it('refuses an unknown or missing link', async () => {
    const unknown = await resetWith('made-up-token', 'fresh-password');
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      message: 'Invalid reset link',
      errors: { hash: ['Invalid reset link'] },
    });
    const missing = await resetWith('', 'fresh-password');
    expect(fieldErrorsOf(missing).hash).toEqual(['Invalid reset link']);
  });

  it('says so when the link is older than an hour', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await resetWith(token, 'fresh-password');
    expect(fieldErrorsOf(res)).toEqual({ hash: [EXPIRED_RESET_LINK] });
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { email: user.email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('spends the user’s other outstanding links too', async () => {
    const user = await createUser(t.db);
    const first = await mailedToken(user.email);
    t.smtp.inbox.length = 0;
    const second = await mailedToken(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await resetWith(second.token, 'fresh-password')).status).toBe(200);
    expect((await resetWith(first.token, 'other-password')).body.errors).toEqual({
      hash: ['Invalid reset link'],
    });
  });

  it('refuses a link of a user suspended since it was mailed', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user.email);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await resetWith(token, 'fresh-password')).body.errors).toEqual({ hash: ['Invalid reset link'] });
  });
});
