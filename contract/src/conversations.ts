import { z } from 'zod';
import {
  CHANNELS,
  CONVERSATION_SORTS,
  CONVERSATION_STATUSES,
  PRIORITIES,
  SENDER_TYPES,
} from './constants.ts';
import { ConversationRating } from './csat.ts';
import {
  Id,
  LIMIT_SENTENCE,
  OptionalQueryId,
  OptionalQueryText,
  Paging,
  QueryId,
  Timestamp,
  wholeNumber,
} from './envelope.ts';
import { LabelIdList, LabelRef } from './labels.ts';
import {
  ClientMessageId,
  Delivery,
  MAX_MESSAGE_ATTACHMENTS,
  MESSAGE_REQUIRED,
  Message,
  MessageContent,
} from './messages.ts';
import { Mention, MentionIds } from './notifications.ts';
import { ConversationSla, SLA_FILTERS } from './sla.ts';
import { TemplateChoice } from './whatsapp-templates.ts';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Sentences of the console conversation calls. */
export const CONVERSATION_MESSAGES = {
  transferReasonRequired: 'Transfer reason is required',
  transferTargetRequired: 'Choose a queue or a user to transfer to',
  queueOtherApp: 'The queue must be an active queue of the conversation’s app',
  assigneeCannotSee: 'This user cannot see the conversation’s queue',
  beforeNeedsConversation: 'Give a conversation_id with before_message_id',
  beforeWithLast: 'Ask for messages before or after an id, not both',
} as const;

/** A message as the console sees it: internal notes included and marked. */
export const ConsoleMessage = Message.extend({
  is_private: z
    .boolean()
    .describe('an internal note (or a console-only system line): never shown in the portal'),
  sender_user_id: z.number().nullable().describe('the agent who wrote it, for agent messages'),
  delivery: Delivery.optional().describe(
    'present on a reply sent out through SMS, WhatsApp, Messenger or email',
  ),
  mentions: z
    .array(Mention)
    .optional()
    .describe('the people an internal note mentions, with their names as they are now (empty otherwise)'),
});
export type ConsoleMessage = z.infer<typeof ConsoleMessage>;

export const ConversationCustomer = z.object({
  customer_id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
});

export const ConversationAssignee = z.object({ user_id: z.number(), name: z.string() });

export const LastMessage = z.object({
  content: z.string(),
  sender_type: z.enum(SENDER_TYPES),
  is_private: z.boolean(),
  created_ts: Timestamp,
});

/** One row of the inbox list and the dashboard. */
export const ConversationSummary = z.object({
  conversation_id: z.number(),
  number: z.number().describe('per-company display number (#123)'),
  app_id: z.number(),
  app_name: z.string(),
  queue_id: z.number().nullable(),
  queue_name: z.string().nullable(),
  channel: z.enum(CHANNELS),
  status: z.enum(CONVERSATION_STATUSES),
  is_resolved: z.boolean(),
  customer: ConversationCustomer,
  verified: z
    .boolean()
    .describe(
      'whether the customer proved they are the customer it is filed under; false for an email typed into the portal until a secure link, a signed widget identity or a mail from that address proves it',
    ),
  assigned_user: ConversationAssignee.nullable(),
  labels: z.array(LabelRef).describe('the labels it carries, by name (contract section 13)'),
  last_message: LastMessage.nullable(),
  unread_count: z.number().describe('customer messages after the caller’s last read message'),
  created_ts: Timestamp,
  updated_ts: Timestamp.describe('latest activity (message or action); the default list order'),
  priority: z.enum(PRIORITIES).nullable().describe('urgent, high, medium, low, or null: none'),
  waiting_since_ts: Timestamp.nullable().describe(
    'the oldest customer message still without an agent reply after it (notes and auto messages are no reply); null when the customer is not waiting',
  ),
  snoozed_until_ts: Timestamp.nullable().describe(
    'a snoozed conversation wakes then; null when not snoozed or snoozed until the customer writes',
  ),
  sla: ConversationSla.nullable().describe(
    'the service level that applies (contract section 14); null: none',
  ),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

/** One conversation in full: the summary plus what the thread header and reports need. */
export const Conversation = ConversationSummary.extend({
  customer: ConversationCustomer.extend({ phone: z.string().nullable() }),
  first_reply_ts: Timestamp.nullable().describe('first agent reply (not internal notes)'),
  resolved_ts: Timestamp.nullable(),
  can_delete: z.boolean().describe('company admins and the app’s admins/managers may delete'),
  rating: ConversationRating.nullable().describe("the customer's latest satisfaction rating"),
});
export type Conversation = z.infer<typeof Conversation>;

export const TypingAgent = z.object({ user_id: z.number(), name: z.string() });
export const TypingCustomer = z.object({ customer: z.literal(true) });
export const Typing = z.union([TypingAgent, TypingCustomer]);
export type Typing = z.infer<typeof Typing>;

const STATUS_LIST = z.preprocess(
  (v) => (typeof v === 'string' ? (v === '' ? undefined : v.split(',').map((s) => s.trim())) : v),
  z
    .array(
      z.enum(CONVERSATION_STATUSES, {
        error: `Status must be ${CONVERSATION_STATUSES.slice(0, -1).join(', ')} or ${CONVERSATION_STATUSES.at(-1)}`,
      }),
    )
    .optional(),
);

export const PRIORITY_FILTERS = [...PRIORITIES, 'none'] as const;
export type PriorityFilter = (typeof PRIORITY_FILTERS)[number];
const PRIORITY_SENTENCE = 'Priority must be urgent, high, medium, low or none';
const PRIORITY_LIST = z.preprocess(
  (v) => (typeof v === 'string' ? (v === '' ? undefined : v.split(',').map((s) => s.trim())) : v),
  z.array(z.enum(PRIORITY_FILTERS, { error: PRIORITY_SENTENCE })).optional(),
);
const SORT_SENTENCE = 'Sort must be latest, oldest, waiting_longest, priority or sla';

const ASSIGNEE_SENTENCE = 'Assignee must be me, none, any or a user id';

/** `me`, `none` (unassigned), `any` (assigned to someone) or a user id. */
export const AssigneeFilter = z.preprocess(
  emptyToUndefined,
  z
    .union([z.enum(['me', 'none', 'any']), wholeNumber(ASSIGNEE_SENTENCE, 1)], { error: ASSIGNEE_SENTENCE })
    .optional(),
);

/**
 * A place in the inbox list: the `next_cursor` or `prev_cursor` of an answer (its last or first row's activity
 * time and id).
 */
export const LIST_CURSOR_SENTENCE =
  'Not a list position: pass a next_cursor or prev_cursor of an earlier answer';
const BOTH_CURSORS_SENTENCE = 'Ask for the page after a row or the page before one, not both';

const listCursor = (meaning: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: LIST_CURSOR_SENTENCE })
      .regex(/^(\d{1,2}\.)?\d{1,18}\.\d{1,10}$/, LIST_CURSOR_SENTENCE)
      .optional()
      .describe(meaning),
  );

export const ConversationPollQuery = Paging.extend({
  after: listCursor(
    'the next page: rows after this `next_cursor`, however the list moved meanwhile; `offset` then only ' +
      'numbers the rows (`total` counts from it)',
  ),
  before: listCursor(
    'the previous page: the `limit` rows just before this `prev_cursor` (fewer when the list lost rows above ' +
      'it); `offset` only numbers them',
  ),
  app_id: OptionalQueryId,
  queue_id: OptionalQueryId,
  status: STATUS_LIST.describe('one status or a comma-separated list: open,pending'),
  assigned_user_id: AssigneeFilter,
  priority: PRIORITY_LIST.describe(
    'one priority or a comma-separated list: urgent,high (`none`: no priority)',
  ),
  sort: z
    .preprocess(
      emptyToUndefined,
      z.enum(CONVERSATION_SORTS, { error: SORT_SENTENCE }).optional().default('latest'),
    )
    .describe(
      '`latest` (default: latest activity first), `oldest` (created first), `waiting_longest` (`waiting_since_ts` ascending, not waiting last), `priority` (urgent first, no priority last, then waiting longest) or `sla` (the soonest running due time first, none last). Cursors belong to their sort.',
    ),
  label_id: LabelIdList.describe('label ids, comma-separated: conversations carrying any of them'),
  sla: z
    .preprocess(
      emptyToUndefined,
      z.enum(SLA_FILTERS, { error: 'SLA must be breached or due_soon' }).optional(),
    )
    .describe(
      '`breached`: a running service-level clock is past its due time; `due_soon`: one is due within the next hour',
    ),
  search: OptionalQueryText.describe(
    'words matched (by prefix) in customer name and email and in message text',
  ),
  conversation_id: OptionalQueryId.describe('also answer this conversation, its new messages and typing'),
  last_message_id: OptionalQueryId,
  before_message_id: OptionalQueryId.describe(
    'scroll back: up to 50 messages with lower ids instead of new ones (with `conversation_id` only)',
  ),
})
  .refine((q) => q.before_message_id === undefined || q.conversation_id !== undefined, {
    path: ['before_message_id'],
    message: CONVERSATION_MESSAGES.beforeNeedsConversation,
  })
  .refine((q) => q.before_message_id === undefined || q.last_message_id === undefined, {
    path: ['before_message_id'],
    message: CONVERSATION_MESSAGES.beforeWithLast,
  })
  .refine((q) => q.after === undefined || q.before === undefined, {
    path: ['before'],
    message: BOTH_CURSORS_SENTENCE,
  });
export type ConversationPollQuery = z.infer<typeof ConversationPollQuery>;

/**
 * The inbox poll's answer. With `conversation_id`, `messages` are those after `last_message_id`, or the latest
 * 50 without it, or the 50 before `before_message_id` (oldest first in every case); `has_older_messages`
 * comes with the latest and the before pages and says whether a page further back exists.
 */
export const ConversationPoll = z.object({
  conversations: z.array(ConversationSummary),
  total: z
    .number()
    .describe(
      'conversations matching the filters, counted up to 1,000 past `offset` (200 for a search), then `total_capped`',
    ),
  total_capped: z
    .boolean()
    .optional()
    .describe(
      'true when more conversations match than `total`: the list goes on, shown as "1,000+" (or "200+")',
    ),
  next_cursor: z
    .string()
    .optional()
    .describe('with a full page: pass it as `after` for the next page (with `offset` + `limit`)'),
  prev_cursor: z
    .string()
    .optional()
    .describe('past the first page: pass it as `before` for the previous page (with `offset` - `limit`)'),
  conversation: Conversation.optional(),
  messages: z.array(ConsoleMessage).optional(),
  has_older_messages: z
    .boolean()
    .optional()
    .describe('messages below the first one answered exist (not answered with `last_message_id`)'),
  typing: z.array(Typing).optional(),
});
export type ConversationPoll = z.infer<typeof ConversationPoll>;

export const DashboardQuery = z.object({
  app_id: OptionalQueryId,
  limit: z.preprocess(emptyToUndefined, wholeNumber(LIMIT_SENTENCE, 1, 100).default(10)),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const DashboardCounts = z.object({
  open: z.number(),
  pending: z.number(),
  resolved_today: z.number().describe('resolved since midnight in the company’s timezone'),
  unassigned: z.number().describe('open or pending with nobody assigned'),
  mine: z.number().describe('open or pending assigned to the caller'),
});

export const Dashboard = z.object({ counts: DashboardCounts, conversations: z.array(ConversationSummary) });
export type Dashboard = z.infer<typeof Dashboard>;

/** `POST /messages`: non-blank `content`, at least one attachment, or a WhatsApp template. */
export const SendMessageBody = z
  .object({
    conversation_id: Id,
    content: MessageContent.optional().default(''),
    content_type: z.literal('text').optional().default('text'),
    attachments: z.array(Id).max(MAX_MESSAGE_ATTACHMENTS).optional().default([]),
    is_private: z.boolean().optional().default(false),
    mentions: MentionIds.optional()
      .default([])
      .describe(
        'internal notes only (422 on a reply): user ids of people who can see the conversation, each notified',
      ),
    client_message_id: ClientMessageId.optional(),
    template: TemplateChoice.optional().describe(
      'WhatsApp only: an approved template with its values; the server writes the text the customer receives',
    ),
  })
  .refine((b) => b.content.length > 0 || b.attachments.length > 0 || b.template !== undefined, {
    path: ['content'],
    message: MESSAGE_REQUIRED,
  });
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const ConversationIdBody = z.object({ conversation_id: Id });
export type ConversationIdBody = z.infer<typeof ConversationIdBody>;

export const ReadBody = ConversationIdBody.extend({
  last_message_id: Id.optional().describe('defaults to the latest message'),
});
export type ReadBody = z.infer<typeof ReadBody>;

export const AssignBody = ConversationIdBody.extend({ user_id: Id });
export type AssignBody = z.infer<typeof AssignBody>;

export const TransferBody = ConversationIdBody.extend({
  queue_id: z.preprocess(emptyToUndefined, Id.optional()),
  user_id: z.preprocess(emptyToUndefined, Id.optional()),
  transfer_reason: z
    .string({ error: CONVERSATION_MESSAGES.transferReasonRequired })
    .trim()
    .min(1, CONVERSATION_MESSAGES.transferReasonRequired)
    .max(500),
}).refine((b) => b.queue_id !== undefined || b.user_id !== undefined, {
  path: ['queue_id'],
  message: CONVERSATION_MESSAGES.transferTargetRequired,
});
export type TransferBody = z.infer<typeof TransferBody>;

export const PriorityBody = ConversationIdBody.extend({
  priority: z
    .enum(PRIORITIES, { error: 'Priority must be urgent, high, medium, low or null' })
    .nullable()
    .describe('null clears it'),
});
export type PriorityBody = z.infer<typeof PriorityBody>;

export const SNOOZE_PAST_SENTENCE = 'Snooze until a time in the future';
export const SnoozeBody = ConversationIdBody.extend({
  until_ts: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Give a date and time')
    .refine((v) => Date.parse(v) > Date.now(), SNOOZE_PAST_SENTENCE)
    .nullable()
    .optional()
    .describe('when it wakes (in the future); null or absent: until the customer writes'),
});
export type SnoozeBody = z.infer<typeof SnoozeBody>;

export const ConsoleUploadQuery = z.object({ conversation_id: OptionalQueryId });
export const ConsoleDownloadParams = z.object({ attachment_id: QueryId });

/** `POST /messages/retry-delivery`: a reply whose delivery failed goes out again. */
export const RetryDeliveryBody = z.object({ message_id: Id });
export const RetriedDelivery = z.object({ message_id: z.number(), delivery: Delivery });
