import { z } from 'zod';
import { Id, LIMIT_SENTENCE, ListMeta, OFFSET_SENTENCE, Timestamp, wholeNumber } from './envelope.ts';

/** What a notification tells its recipient (contract section 14). */
export const NOTIFICATION_TYPES = [
  'assigned',
  'mentioned',
  'customer_replied',
  'new_conversation',
  'snooze_ended',
  'sla_breached',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The ways a notification reaches its recipient; preferences switch each one per type. */
export const NOTIFICATION_MEDIA = ['in_app', 'email', 'push'] as const;
export type NotificationMedium = (typeof NOTIFICATION_MEDIA)[number];

/** A mention as a message carries it: stored as the user id, the name read when the message is read. */
export const Mention = z.object({ user_id: z.number(), name: z.string() });
export type Mention = z.infer<typeof Mention>;

/** `mentions` on `POST /messages`: only on an internal note, only of people who can see the conversation. */
export const MAX_MENTIONS = 50;
export const MENTION_MESSAGES = {
  notVisible: 'Only people who can see this conversation can be mentioned',
  onlyNotes: 'Mentions are only possible in internal notes',
} as const;
export const MentionIds = z.array(Id).max(MAX_MENTIONS);

/** One notification of the caller's. `actor` is null when no person did it (a customer, a clock). */
export const Notification = z.object({
  notification_id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  conversation_id: z.number(),
  actor: z.object({ user_id: z.number(), name: z.string() }).nullable(),
  summary: z.string().describe('one line saying what happened, for the list, the mail and the push'),
  created_ts: Timestamp,
  read_ts: Timestamp.nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /notifications`: the caller's own in the company of the request, newest first. */
export const NotificationListQuery = z.object({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('`true`: only those not read yet'),
  limit: wholeNumber(LIMIT_SENTENCE, 1, 100).optional().default(20),
  offset: wholeNumber(OFFSET_SENTENCE, 0).optional().default(0),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationListMeta = ListMeta.extend({
  unread_count: z
    .number()
    .int()
    .describe("the caller's unread notifications in this company, whatever the filter"),
});
export const NotificationList = z.object({
  success: z.literal(true),
  data: z.array(Notification),
  meta: NotificationListMeta,
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NOTIFICATION_READ_SENTENCE = 'Give notification_ids or all: true';
/** `POST /notifications/read`: some of one's own notifications, or all of them, marked read. */
export const NotificationReadBody = z.union([
  z.object({ notification_ids: z.array(Id).min(1).max(500) }),
  z.object({ all: z.literal(true) }),
  // Those of one conversation: the console reads them when the conversation is opened.
  z.object({ conversation_id: Id }),
]);
export type NotificationReadBody = z.infer<typeof NotificationReadBody>;
export const NotificationReadResult = z.object({ unread_count: z.number().int() });
export type NotificationReadResult = z.infer<typeof NotificationReadResult>;

export const NotificationMediaSwitches = z.object({
  in_app: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationMediaSwitches = z.infer<typeof NotificationMediaSwitches>;

export const EMAIL_DELAY_SENTENCE = 'Email delay must be a whole number of minutes from 0 to 1440';
export const DEFAULT_EMAIL_DELAY_MINUTES = 5;

/** `GET/PUT /profile/notification-preferences`: per type and medium, and how long an email waits. */
export const NotificationPreferences = z.object({
  types: z.object({
    assigned: NotificationMediaSwitches,
    mentioned: NotificationMediaSwitches,
    customer_replied: NotificationMediaSwitches,
    new_conversation: NotificationMediaSwitches,
    snooze_ended: NotificationMediaSwitches,
    sla_breached: NotificationMediaSwitches,
  }),
  email_delay_minutes: z
    .number({ error: EMAIL_DELAY_SENTENCE })
    .int({ error: EMAIL_DELAY_SENTENCE })
    .min(0, { error: EMAIL_DELAY_SENTENCE })
    .max(1440, { error: EMAIL_DELAY_SENTENCE }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

const EMAIL_BY_DEFAULT: readonly NotificationType[] = ['assigned', 'mentioned', 'sla_breached'];
/**
 * The preferences of someone who never saved any: every type on in the app but `new_conversation`, email for
 * `assigned`, `mentioned` and `sla_breached`, push wherever the app is on.
 */
export function defaultNotificationPreferences(): NotificationPreferences {
  const one = (type: NotificationType) => {
    const inApp = type !== 'new_conversation';
    return { in_app: inApp, email: EMAIL_BY_DEFAULT.includes(type), push: inApp };
  };
  return {
    types: {
      assigned: one('assigned'),
      mentioned: one('mentioned'),
      customer_replied: one('customer_replied'),
      new_conversation: one('new_conversation'),
      snooze_ended: one('snooze_ended'),
      sla_breached: one('sla_breached'),
    },
    email_delay_minutes: DEFAULT_EMAIL_DELAY_MINUTES,
  };
}

/** `GET /notifications/push-key`: the VAPID public key a browser subscribes with (base64url, uncompressed P-256). */
export const PushKey = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof PushKey>;

/** `POST` and `DELETE /notifications/push-subscriptions`: a browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    p256dh: z.string().trim().min(1).max(200),
    auth: z.string().trim().min(1).max(100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** `GET /conversation/mentionable?id=`: the people who can see the conversation, whom a note may mention. */
export const MentionablePerson = z.object({ user_id: z.number(), name: z.string(), email: z.string() });
export type MentionablePerson = z.infer<typeof MentionablePerson>;

/** The stream event carrying a new notification to its recipient's console alone. */
export const NOTIFICATION_STREAM_EVENT = 'notification.created';
/** Its `data`: the recipient, the notification, and the recipient's unread count after it. */
export const NotificationCreatedData = z.object({
  user_id: z.number().describe('the recipient: no other stream carries the event'),
  notification: Notification,
  unread_count: z.number().int(),
});
export type NotificationCreatedData = z.infer<typeof NotificationCreatedData>;
