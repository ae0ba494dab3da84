import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { escapeHtml } from '../auth/reset-mail.ts';

export const NOTIFICATION_MAIL_JOB = 'notification-mail';

/** Mails of one person in one company are grouped per this window: what falls due in it is one mail. */
const WINDOW_SECONDS = 60;

export interface NotificationMailJob {
  user_id: number;
  company_id: number;
}

/**
 * Queues the mails of new notifications in the consumer's transaction: one job per person, company and
 * window in which a mail falls due, run at the window's end, so notifications falling due together leave in
 * one mail (never one mail each) and a burst of them queues one job. Times are the database's (`due`, epoch
 * seconds read with the row), as are the job's start and the rows' due times it compares.
 */
export async function queueMails(
  tx: Tx,
  queue: JobQueue,
  due: readonly { userId: number; companyId: number; due: number }[],
) {
  const jobs = new Map<string, { key: string; data: object; at: Date }>();
  for (const d of due) {
    const windowEnd = Math.ceil(d.due / WINDOW_SECONDS) * WINDOW_SECONDS;
    const key = `${d.userId}:${d.companyId}:${windowEnd}`;
    const data: NotificationMailJob = { user_id: d.userId, company_id: d.companyId };
    jobs.set(key, { key, data, at: new Date(windowEnd * 1000) });
  }
  await queue.sendManyOnce(tx, NOTIFICATION_MAIL_JOB, [...jobs.values()]);
}

type DueRow = {
  id: number;
  conversation_id: number;
  summary: string;
  email: string;
  name: string;
  company: string;
};

export function notificationMail(rows: DueRow[], config: Config, companyId: number): Mail {
  const first = rows[0]!;
  const link = (r: DueRow) =>
    `${config.publicUrl}/conversations/${r.conversation_id}?company_id=${companyId}`;
  const subject = rows.length === 1 ? first.summary : `${rows.length} new notifications in ${first.company}`;
  const text = [
    `Hello ${first.name},`,
    '',
    ...rows.flatMap((r) => [r.summary, link(r), '']),
    'You can choose which notifications you receive by email on your profile.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(first.name)},</p><ul>` +
    rows.map((r) => `<li><a href="${escapeHtml(link(r))}">${escapeHtml(r.summary)}</a></li>`).join('') +
    '</ul><p>You can choose which notifications you receive by email on your profile.</p>';
  return { to: first.email, subject, text, html };
}

/**
 * Sends, in one mail, the person's notifications of the company whose mail is due, still unread and not yet
 * mailed, and marks them mailed in the same transaction: a failed mail rolls the marks back for the retry,
 * and two jobs of one person take disjoint rows (`skip locked`). A notification read before its time, or
 * one whose person left the company or was suspended, sends nothing.
 */
export async function sendDueMail(db: Db, mailer: Mailer, config: Config, job: NotificationMailJob) {
  await db.transaction(async (tx) => {
    const res = await tx.execute<DueRow>(sql`
      select n.id, n.conversation_id, n.summary, u.email, u.name, co.name as company
      from notifications n join users u on u.id = n.user_id join companies co on co.id = n.company_id
      where n.user_id = ${job.user_id} and n.company_id = ${job.company_id} and n.email_due_at <= now()
        and n.emailed_at is null and n.read_at is null and u.status = 'active'
        and exists (select 1 from company_members m where m.company_id = n.company_id and m.user_id = n.user_id)
      order by n.id
      for update of n skip locked`);
    if (res.rows.length === 0) return;
    const ids = res.rows.map((r) => Number(r.id));
    await tx.execute(sql`
      update notifications set emailed_at = now() where id = any(${sql.param(ids)}::bigint[])`);
    await mailer.send(notificationMail(res.rows, config, job.company_id));
  });
}

export const notificationMailJob = (
  db: Db,
  mailer: Mailer,
  config: Config,
): JobKind<NotificationMailJob> => ({
  name: NOTIFICATION_MAIL_JOB,
  retryLimit: 5,
  retryDelay: 30,
  handle: (data) => sendDueMail(db, mailer, config, data),
});
