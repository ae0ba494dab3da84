import { z } from 'zod';
import { CHANNELS, CONVERSATION_STATUSES, PRIORITIES } from './constants.ts';
import { ConsoleMessage } from './conversations.ts';
import { ConversationRating } from './csat.ts';
import { Timestamp } from './envelope.ts';
import { EventActor, type WebhookEventType } from './events.ts';
import { SLA_KINDS } from './sla.ts';

/**
 * What an outgoing webhook (and an `api` integration's reply webhook) receives (contract section 10): the
 * event's own fields, and in `data` the records a receiver needs without calling back, beside the fields
 * of the event's kind.
 */

/** Section 13's priorities. */
export const WEBHOOK_PRIORITIES = PRIORITIES;

export const WebhookLabel = z.object({ label_id: z.number(), name: z.string(), color: z.string() });
export type WebhookLabel = z.infer<typeof WebhookLabel>;

export const WebhookConversation = z.object({
  conversation_id: z.number(),
  number: z.number().describe('per-company display number (#123)'),
  app_id: z.number(),
  queue_id: z.number().nullable(),
  channel: z
    .enum(CHANNELS)
    .nullable()
    .describe(
      'null only for a conversation deleted before the delivery was prepared that left no record of it',
    ),
  status: z.enum(CONVERSATION_STATUSES),
  priority: z.enum(WEBHOOK_PRIORITIES).nullable().describe('null: no priority'),
  labels: z
    .array(WebhookLabel)
    .describe(
      'the labels it carries, by name: as of the event for conversation.labels_changed, otherwise as they are when the delivery is prepared (moments after the event); [] for a deleted conversation',
    ),
  verified: z
    .boolean()
    .describe('false while the customer only typed the email and has not proven it (contract section 6)'),
  assigned_user: z
    .object({
      user_id: z.number(),
      name: z.string().nullable().describe('null when the user no longer exists'),
    })
    .nullable(),
});
export type WebhookConversation = z.infer<typeof WebhookConversation>;

export const WebhookCustomer = z.object({
  customer_id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('E.164'),
});
export type WebhookCustomer = z.infer<typeof WebhookCustomer>;

/** The message with its files; notes are marked `is_private` (the `api` reply webhook never sends them). */
export const WebhookMessage = ConsoleMessage;
export type WebhookMessage = z.infer<typeof WebhookMessage>;

const UserId = z.number().nullable();
const QueueId = z.number().nullable();
const Previous = z
  .object({ queue_id: QueueId, assigned_user_id: UserId })
  .describe('the conversation before the change');
const AppIds = z.array(z.number()).describe('the apps the customer is linked to');
const Status = z.enum(CONVERSATION_STATUSES);
const LabelIds = z.array(z.number());

/** The fields each kind of event brings besides the records (the event's own `data`). */
export const WEBHOOK_EVENT_FIELDS = {
  'message.created': {},
  'message.updated': {},
  'conversation.created': { channel: z.enum(CHANNELS) },
  'conversation.assigned': { from: UserId, to: z.number(), previous: Previous },
  'conversation.unassigned': { from: UserId, to: z.null(), previous: Previous },
  'conversation.transferred': { from: QueueId, to: QueueId, previous: Previous },
  'conversation.status_changed': {
    from: Status,
    to: Status,
    previous: Previous.optional(),
    reason: z.literal('portal_session_expired').optional().describe('a portal session ran out'),
  },
  'conversation.resolved': { from: Status, previous: Previous },
  'conversation.verified': {
    by: z
      .enum(['secure_link', 'email'])
      .describe('what proved the address: the secure link opened, or a mail'),
    previous: Previous,
  },
  'conversation.deleted': {},
  'conversation.read': { user_id: z.number(), last_read_message_id: z.number() },
  typing: { seconds: z.number().describe('how long the signal shows') },
  'conversation.priority_changed': {
    from: z.enum(PRIORITIES).nullable(),
    to: z.enum(PRIORITIES).nullable(),
    previous: Previous,
  },
  'conversation.rated': {
    rating: ConversationRating.describe('the score (1 to 5) and comment the customer gave'),
    resolved_by_user_id: UserId.describe('who resolved the conversation this rating answers'),
    previous: Previous,
  },
  'conversation.snoozed': {
    until_ts: z.string().nullable().describe('when it wakes; null: when the customer writes'),
    from: Status,
    previous: Previous,
  },
  'customer.created': { app_ids: AppIds },
  'customer.updated': { fields: z.array(z.string()).describe('what changed'), app_ids: AppIds },
  'customer.merged': {
    primary_customer_id: z.number(),
    duplicate_customer_id: z.number().describe('gone: its conversations now belong to the primary'),
    conversations: z.number().describe('how many conversations moved'),
    app_ids: AppIds,
  },
  'customer.deleted': { app_ids: AppIds },
  'conversation.labels_changed': {
    added: LabelIds.describe('label ids put on'),
    removed: LabelIds.describe('label ids taken off'),
    labels: z.array(WebhookLabel).describe('the labels it carries afterwards'),
  },
  'customer.labels_changed': {
    added: LabelIds.describe('label ids put on'),
    removed: LabelIds.describe('label ids taken off'),
    labels: z.array(WebhookLabel).describe('the labels the customer carries afterwards'),
    app_ids: AppIds,
  },
  'label.created': { label: WebhookLabel },
  'label.updated': {
    label: WebhookLabel.describe('the label as it is now: every record carrying it shows it so'),
  },
  'label.deleted': {
    label: WebhookLabel.describe('the label as it was: it left every conversation and customer'),
  },
  'conversation.sla_breached': { kind: z.enum(SLA_KINDS).describe('the service-level clock missed') },
} satisfies Record<WebhookEventType, z.ZodRawShape>;

/** Kinds of a conversation: they carry `conversation` and, while the customer exists, `customer`. */
const aboutConversation = (type: WebhookEventType) => !type.startsWith('customer.') && !aboutLabel(type);
/** A company's label list changed: no conversation, no customer, no app (every webhook of the company). */
const aboutLabel = (type: WebhookEventType) => type.startsWith('label.');

/** The delivery of one kind of event. */
export function webhookPayloadOf<T extends WebhookEventType>(type: T) {
  const records = aboutConversation(type)
    ? {
        conversation: WebhookConversation.nullable().describe(
          'null only when the conversation is gone and its deletion is no longer on record',
        ),
        customer: WebhookCustomer.nullable().describe('null once the customer was erased'),
      }
    : aboutLabel(type)
      ? { conversation: z.null(), customer: z.null() }
      : {
          conversation: z.null(),
          customer: WebhookCustomer.nullable().describe(
            'null once the customer was erased (customer.deleted)',
          ),
        };
  const message = type.startsWith('message.')
    ? { message: WebhookMessage.describe('the message with its attachments') }
    : {};
  return z.object({
    event_id: z.number().describe('increases in commit order; the same on every retry'),
    type: z.literal(type),
    created_ts: Timestamp,
    company_id: z.number(),
    app_id: z
      .number()
      .nullable()
      .describe(
        aboutConversation(type)
          ? 'the conversation’s app'
          : aboutLabel(type)
            ? 'null: labels belong to the company'
            : 'null: see data.app_ids',
      ),
    conversation_id: aboutConversation(type) ? z.number() : z.number().optional(),
    customer_id: z.number().optional(),
    actor: EventActor,
    data: z.object({ ...WEBHOOK_EVENT_FIELDS[type], ...records, ...message }),
  });
}

/** Any delivery (`webhookPayloadOf(type)` is one kind's shape). */
export type WebhookPayload = z.infer<ReturnType<typeof webhookPayloadOf>>;

/** An `api` integration's reply: a `message.created` delivery whose customer names its id in the outside system. */
export const ApiReplyPayload = webhookPayloadOf('message.created').extend({
  data: webhookPayloadOf('message.created').shape.data.extend({
    customer: WebhookCustomer.extend({
      external_id: z.string().nullable().describe('the customer’s id in your system'),
    }).nullable(),
  }),
});
export type ApiReplyPayload = z.infer<typeof ApiReplyPayload>;
