import { z } from 'zod';
import { PORTAL_STATUSES } from './constants.ts';
import { RatingRequest } from './csat.ts';
import { Phone } from './customers.ts';
import { Id, OptionalQueryId, QueryId, Timestamp } from './envelope.ts';
import {
  ClientMessageId,
  MAX_MESSAGE_ATTACHMENTS,
  MAX_MESSAGE_LENGTH,
  MESSAGE_REQUIRED,
  Message,
  MessageContent,
} from './messages.ts';

/** The validation sentences of product spec section 5, shared by the portal form and the server. */
export const PORTAL_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Please describe how we can help you',
  topicRequired: 'Please select what area you need help with',
} as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An absent or empty token is treated as an unknown one (401 INVALID_TOKEN), not as a validation error. */
const TokenParam = z.preprocess(emptyToUndefined, z.string().max(200).optional());

export const PortalQueuesQuery = z.object({ app_id: QueryId });
export type PortalQueuesQuery = z.infer<typeof PortalQueuesQuery>;

export const PortalQueue = z.object({ queue_id: z.number(), queue_name: z.string() });
export type PortalQueue = z.infer<typeof PortalQueue>;

/** `GET /portal/queues?app_id=`: active public queues of an active app, with the names for the header. */
export const PortalQueues = z.object({
  queues: z.array(PortalQueue),
  company_name: z.string(),
  app_name: z.string(),
});
export type PortalQueues = z.infer<typeof PortalQueues>;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const PortalCustomerInfo = z.object({
  name: required(PORTAL_MESSAGES.nameRequired).max(200),
  email: required(PORTAL_MESSAGES.emailRequired)
    .max(320)
    .email({ error: PORTAL_MESSAGES.emailInvalid })
    .transform((e) => e.toLowerCase()),
  // Read on the server (a possible international number, stored as E.164) or refused with PHONE_INVALID.
  phone: z.preprocess(emptyToUndefined, Phone.optional()),
});
export type PortalCustomerInfo = z.infer<typeof PortalCustomerInfo>;

/** `POST /portal/start`. `queue_id` is required (422 on `queue_id`) when the app has active public queues. */
export const PortalStartBody = z.object({
  app_id: z.coerce.number({ error: 'A valid app_id is required' }).int().positive(),
  // A missing object still names its fields, so the form can show each sentence.
  customer_info: PortalCustomerInfo.prefault({} as never),
  initial_message: required(PORTAL_MESSAGES.messageRequired).max(
    MAX_MESSAGE_LENGTH,
    `Message must be at most ${MAX_MESSAGE_LENGTH} characters`,
  ),
  queue_id: OptionalQueryId,
  /** Started from the website widget: the conversation's channel is `web`. */
  via_widget: z.boolean().optional(),
  /**
   * The host site's proof of who its signed-in visitor is: hex HMAC-SHA256 of the lower-case email under the
   * `web` integration's identity secret. Only a verified widget visitor joins an existing customer.
   */
  identity_hash: z.string().trim().max(200).optional(),
});
export type PortalStartBody = z.infer<typeof PortalStartBody>;

export const IDENTITY_NOT_VERIFIED = "The visitor's identity could not be verified";

export const PortalStart = z.object({ portal_token: z.string(), conversation_id: z.number() });
export type PortalStart = z.infer<typeof PortalStart>;

export const PortalTokenQuery = z.object({ token: TokenParam });
export type PortalTokenQuery = z.infer<typeof PortalTokenQuery>;

export const PortalPollQuery = z.object({ token: TokenParam, last_message_id: OptionalQueryId });
export type PortalPollQuery = z.infer<typeof PortalPollQuery>;

/** Paths (under the same origin) of the calls a portal chat makes; `{attachment_id}` is filled in by the client. */
export const PortalEndpoints = z.object({
  conversation: z.string(),
  poll: z.string(),
  messages: z.string(),
  typing: z.string(),
  attachment_upload: z.string(),
  attachment_download: z.string(),
});
export type PortalEndpoints = z.infer<typeof PortalEndpoints>;

/** `GET /portal/conversation?token=`. `messages`: the latest 50, oldest first (as a poll without `last_message_id`). */
export const PortalConversation = z.object({
  app: z.object({ app_id: z.number(), app_name: z.string() }),
  company: z.object({ company_id: z.number(), company_name: z.string() }),
  conversation: z.object({
    conversation_id: z.number(),
    status: z.enum(PORTAL_STATUSES),
    is_resolved: z.boolean(),
  }),
  customer: z.object({ name: z.string(), email: z.string() }),
  queue: z.object({
    queue_id: z.number().nullable(),
    queue_name: z.string().nullable().describe('null when the conversation has no queue'),
  }),
  assigned_user: z.object({ name: z.string() }).nullable(),
  statistics: z.object({ message_count: z.number().describe('messages visible to the customer') }),
  portal_session: z.object({ expires_ts: Timestamp }),
  endpoints: PortalEndpoints,
  messages: z.array(Message),
  rating_request: RatingRequest.nullable().describe('set while a satisfaction rating is asked for'),
});
export type PortalConversation = z.infer<typeof PortalConversation>;

/** `GET /portal/poll`: messages after `last_message_id` oldest first; without it the latest 50, oldest first. */
export const PortalPoll = z.object({
  messages: z.array(Message),
  is_agent_typing: z.boolean(),
  conversation_status: z.enum(PORTAL_STATUSES),
  session_expires_ts: Timestamp,
  rating_request: RatingRequest.nullable(),
});
export type PortalPoll = z.infer<typeof PortalPoll>;

/** `POST /portal/typing` takes an empty body. */
export const PortalTypingBody = z.object({}).optional();

/** `POST /portal/messages`: non-blank `content` or at least one attachment (422 on `content` otherwise). */
export const PortalSendBody = z
  .object({
    content: MessageContent.optional().default(''),
    attachments: z.array(Id).max(MAX_MESSAGE_ATTACHMENTS).optional().default([]),
    client_message_id: ClientMessageId.optional(),
  })
  .refine((b) => b.content.length > 0 || b.attachments.length > 0, {
    path: ['content'],
    message: MESSAGE_REQUIRED,
  });
export type PortalSendBody = z.infer<typeof PortalSendBody>;

export const PortalUploadQuery = PortalTokenQuery;
export const PortalDownloadParams = z.object({ attachment_id: QueryId });
export const PortalAck = z.object({ message: z.string() });
