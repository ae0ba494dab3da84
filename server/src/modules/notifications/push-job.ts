import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { outboundRequest } from '../../lib/outbound-http.ts';
import { loadVapidKeys, vapidSubject } from './vapid.ts';

export const NOTIFICATION_PUSH_JOB = 'notification-push';

export interface NotificationPushJob {
  notification_id: number;
}

/** A push lives this long at the push service while the browser is away; later it is stale news. */
const PUSH_TTL_SECONDS = 24 * 3600;

/** Queues the browser pushes of new notifications, in the consumer's transaction, once per notification. */
export const queuePushes = (tx: Tx, queue: JobQueue, notificationIds: readonly number[]) =>
  queue.sendManyOnce(
    tx,
    NOTIFICATION_PUSH_JOB,
    notificationIds.map((id) => ({
      key: String(id),
      data: { notification_id: id } satisfies NotificationPushJob,
      at: new Date(),
    })),
  );

type Target = {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Pushes the notification to each browser its person subscribed, encrypted for that browser (RFC 8291,
 * aes128gcm) and signed with the installation's VAPID key (RFC 8292). The payload is what the service
 * worker shows: the summary and where it leads. A subscription the push service no longer knows (404, 410)
 * is dropped; another failure throws, and the job retries the pushes (a browser may show one twice: its
 * `tag` folds them into one). A notification read meanwhile is not pushed.
 */
export async function pushNotification(db: Db, config: Config, job: NotificationPushJob) {
  const res = await db.execute<Record<string, unknown>>(sql`
    select n.id, n.user_id, n.company_id, n.type, n.conversation_id, n.summary, n.read_at
    from notifications n where n.id = ${job.notification_id}`);
  const n = res.rows[0];
  if (!n || n.read_at) return;
  const targets = await db.execute<Target>(sql`
    select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${n.user_id} order by id`);
  if (targets.rows.length === 0) return;
  const keys = await loadVapidKeys(db, config.secrets);
  const payload = JSON.stringify({
    notification_id: Number(n.id),
    type: n.type,
    conversation_id: Number(n.conversation_id),
    company_id: Number(n.company_id),
    summary: n.summary,
    url: `/conversations/${n.conversation_id}?company_id=${n.company_id}`,
  });
  let failed: Error | null = null;
  for (const t of targets.rows) {
    const request = webpush.generateRequestDetails(
      { endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } },
      payload,
      {
        vapidDetails: {
          subject: vapidSubject(config),
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      // The endpoint is the browser vendor's push service; the guard of every outbound call applies.
      const answer = await outboundRequest(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        allowPrivate: config.allowPrivateWebhookTargets,
      });
      if (answer.status === 404 || answer.status === 410) {
        await db.execute(sql`delete from push_subscriptions where id = ${t.id}`);
      } else if (answer.status >= 300) {
        failed = new Error(`push service answered ${answer.status}`);
      }
    } catch (err) {
      failed = err as Error;
    }
  }
  if (failed) throw failed;
}

export const notificationPushJob = (db: Db, config: Config): JobKind<NotificationPushJob> => ({
  name: NOTIFICATION_PUSH_JOB,
  retryLimit: 3,
  retryDelay: 30,
  handle: (data) => pushNotification(db, config, data),
});
