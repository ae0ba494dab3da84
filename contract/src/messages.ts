import { z } from 'zod';
import { SENDER_TYPES } from './constants.ts';
import { Timestamp } from './envelope.ts';

/** Longest message text accepted from any side (about five printed pages). */
export const MAX_MESSAGE_LENGTH = 10_000;
/** Files one message may carry. */
export const MAX_MESSAGE_ATTACHMENTS = 10;
/** Longest client-chosen idempotency key. */
export const MAX_CLIENT_MESSAGE_ID_LENGTH = 100;

/** File types accepted for attachments, judged from the bytes (product spec section 5). */
export const ATTACHMENT_TYPES = ['images', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'csv'] as const;
/** The `accept` list of a file input matching `ATTACHMENT_TYPES`. */
export const ATTACHMENT_ACCEPT = 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv';

/** A stored file as every message and upload answer shows it. */
export const Attachment = z.object({
  attachment_id: z.number(),
  original_filename: z.string(),
  file_size: z.number().describe('bytes'),
  mime_type: z.string().describe('the type judged from the content when uploaded'),
});
export type Attachment = z.infer<typeof Attachment>;

/**
 * Where a reply sent out through a provider channel stands (contract section 10). A later status never moves
 * a delivery backwards: read stays read.
 */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const Delivery = z.object({
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable().describe("the provider's reason when it failed"),
});
export type Delivery = z.infer<typeof Delivery>;

/** One chat message. Internal notes (console only) never appear in portal answers. */
export const Message = z.object({
  message_id: z.number().describe('strictly increasing within a conversation, in commit order'),
  conversation_id: z.number(),
  sender_type: z.enum(SENDER_TYPES),
  sender_name: z.string(),
  content: z.string(),
  content_type: z.string().describe('"text"'),
  created_ts: Timestamp,
  attachments: z.array(Attachment),
});
export type Message = z.infer<typeof Message>;

/** Message text: trimmed; blank is allowed only when attachments come with it (checked with them). */
export const MessageContent = z
  .string()
  .trim()
  .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`);

export const ClientMessageId = z
  .string()
  .trim()
  .min(1)
  .max(MAX_CLIENT_MESSAGE_ID_LENGTH)
  .describe('idempotency key chosen by the client: a repeated send returns the first message');

export const MESSAGE_REQUIRED = 'Please enter a message or attach a file';
