import {
  Done,
  NotificationList,
  NotificationListQuery,
  NotificationPreferences,
  NotificationReadBody,
  NotificationReadResult,
  PushKey,
  PushSubscriptionBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.ts';
import { rawSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import { getPreferences, putPreferences } from './preferences.ts';
import { listNotifications, markRead } from './service.ts';
import { subscribe, unsubscribe } from './subscriptions.ts';
import { loadVapidKeys } from './vapid.ts';

const OWN =
  'One’s own notifications in the company of the request (`X-Company-Id`); another person’s are never ' +
  'listed, counted or changed.';

/** The bell (contract section 14): one's notifications, their preferences and the browser's push subscription. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'notifications');
  const { db, config } = app.deps;

  app.get(
    '/notifications',
    {
      ...rawSpec(
        'One’s notifications, newest first, with the unread count',
        {
          description: `${OWN} \`unread=true\` lists the unread ones only; \`meta.unread_count\` counts the unread ones whatever the filter.`,
          querystring: NotificationListQuery,
        },
        NotificationList,
      ),
      preHandler: app.requireCompany,
    },
    async (request) => {
      const { rows, meta } = await listNotifications(request.companyCtx!, request.query);
      return { success: true as const, data: rows, meta };
    },
  );

  app.post(
    '/notifications/read',
    {
      ...spec(
        'Mark notifications read: some by id, those of one conversation, or all of them',
        {
          description: `${OWN} Ids that are not the caller’s here change nothing. Answers the unread count after it.`,
          body: NotificationReadBody,
        },
        NotificationReadResult,
      ),
      preHandler: app.requireCompany,
    },
    async (request) => ok(await markRead(request.companyCtx!, request.body)),
  );

  app.get(
    '/profile/notification-preferences',
    {
      ...spec(
        'One’s notification preferences',
        {
          description:
            'Per type and medium, for every company one works in. Never saved: every type is on in the app ' +
            'except `new_conversation`, email is on for `assigned`, `mentioned` and `sla_breached`, push for ' +
            'every type on in the app, and an email waits 5 minutes.',
        },
        NotificationPreferences,
      ),
      preHandler: app.requireUser,
    },
    async (request) => ok(await getPreferences(db, request.ctx!.actor.user.id)),
  );

  app.put(
    '/profile/notification-preferences',
    {
      ...spec(
        'Save one’s notification preferences',
        {
          description:
            'Every type with its three switches, and `email_delay_minutes` (0 to 1440): an email goes out only ' +
            'for a notification still unread that long after it was made.',
          body: NotificationPreferences,
        },
        NotificationPreferences,
      ),
      preHandler: app.requireUser,
    },
    async (request) => ok(await putPreferences(db, request.ctx!.actor.user.id, request.body)),
  );

  app.get(
    '/notifications/push-key',
    {
      ...spec(
        'The VAPID public key browsers subscribe to push with',
        {
          description:
            'Base64url of the uncompressed P-256 point: the `applicationServerKey` of `pushManager.subscribe`.',
        },
        PushKey,
      ),
      preHandler: app.requireUser,
    },
    async () => ok({ public_key: (await loadVapidKeys(db, config.secrets)).publicKey }),
  );

  app.post(
    '/notifications/push-subscriptions',
    {
      ...spec(
        'Receive notifications in this browser (Web Push)',
        {
          description:
            'The browser’s `PushSubscription.toJSON()`. Each notification on by push then reaches it; a ' +
            'subscription the push service no longer knows is dropped.',
          body: PushSubscriptionBody,
        },
        Done,
        201,
      ),
      preHandler: app.requireUser,
    },
    async (request) => {
      await subscribe(db, request.ctx!.actor.user.id, request.body);
      return done('Subscribed');
    },
  );

  app.delete(
    '/notifications/push-subscriptions',
    {
      ...spec(
        'Stop notifications in this browser',
        {
          description: 'The same body as the subscription; one’s own subscription of that endpoint goes.',
          body: PushSubscriptionBody,
        },
        Done,
      ),
      preHandler: app.requireUser,
    },
    async (request) => {
      await unsubscribe(db, request.ctx!.actor.user.id, request.body);
      return done('Unsubscribed');
    },
  );
};
