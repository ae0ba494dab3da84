import { defaultNotificationPreferences } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import { dueNow } from '../../../test/automation.ts';
import { bell, holdNotifications, noteMentioning, notifyNow } from '../../../test/notifications.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { NOTIFICATION_MAIL_JOB } from './mail-job.ts';

/**
 * Notification mail over the in-process SMTP server: sent once a notification has stayed unread its delay,
 * what falls due together in one mail, nothing for one read in time.
 */
const t = useTestApp();
const s = before(async () => {
  await holdNotifications(t);
  const tenant = await tenantWithSessions(t);
  // No delay, so the mail is due as soon as it is made; the job still waits for its minute's end.
  const prefs = { ...defaultNotificationPreferences(), email_delay_minutes: 0 };
  await call(t.app, 'PUT', '/profile/notification-preferences', { as: tenant.as.agent, body: prefs });
  return { tenant };
});

/** Runs the mail jobs queued so far as if their time had come. */
async function mailsDue() {
  const due = await dueNow(t, NOTIFICATION_MAIL_JOB);
  await t.app.jobs.drain(NOTIFICATION_MAIL_JOB);
  return due;
}

const mailsTo = (address: string) => t.smtp.inbox.filter((m) => JSON.stringify(m.to).includes(address));

describe('notification mail', () => {
  it('sends what falls due together as one mail with links into the console, and nothing twice', async () => {
    const { tenant } = s;
    const first = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const second = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    await noteMentioning(t, tenant.as.admin, first.conversationId, [tenant.agent.id]);
    await noteMentioning(t, tenant.as.manager, second.conversationId, [tenant.agent.id]);
    await notifyNow(t);
    const before = mailsTo(tenant.agent.email).length;
    await mailsDue();
    const mails = mailsTo(tenant.agent.email).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`2 new notifications in ${tenant.company.name}`);
    expect(mail.text).toContain(
      `http://inbox.test/conversations/${first.conversationId}?company_id=${tenant.company.id}`,
    );
    expect(mail.text).toContain(
      `http://inbox.test/conversations/${second.conversationId}?company_id=${tenant.company.id}`,
    );
    expect(mail.text).toMatch(/Ada Admin mentioned you in conversation #\d+/);
    expect(mail.text).toMatch(/Max Manager mentioned you in conversation #\d+/);
    // Again: nothing left to send.
    await t.app.jobs.send(NOTIFICATION_MAIL_JOB, { user_id: tenant.agent.id, company_id: tenant.company.id });
    await mailsDue();
    expect(mailsTo(tenant.agent.email).length).toBe(before + 1);
  });

  it('sends nothing for a notification read before its mail was due, nor for a type off by email', async () => {
    const { tenant } = s;
    // The manager's own window of mail: the agent's of this minute was sent above.
    const prefs = { ...defaultNotificationPreferences(), email_delay_minutes: 0 };
    await call(t.app, 'PUT', '/profile/notification-preferences', { as: tenant.as.manager, body: prefs });
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    await noteMentioning(t, tenant.as.admin, chat.conversationId, [tenant.manager.id]);
    await call(t.app, 'POST', '/conversation/assign', {
      as: tenant.as.admin,
      body: { conversation_id: chat.conversationId, user_id: tenant.manager.id },
    });
    // `customer_replied` is not mailed by default.
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Hello?' } });
    await notifyNow(t);
    const list = await bell(t, tenant.as.manager);
    expect(list.data.map((n) => n.type)).toEqual(['customer_replied', 'assigned', 'mentioned']);
    await call(t.app, 'POST', '/notifications/read', {
      as: tenant.as.manager,
      body: { notification_ids: [list.data[2]!.notification_id] },
    });
    const before = mailsTo(tenant.manager.email).length;
    await mailsDue();
    // The assignment (mailed by default) goes alone.
    const mails = mailsTo(tenant.manager.email).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Ada Admin assigned conversation #\d+ to you$/),
    ]);
  });
});
