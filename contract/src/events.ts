import { z } from 'zod';
import { Timestamp, wholeNumber } from './envelope.ts';

/** Every kind of event (contract section 7); customers' kinds arrive with the customers feature. */
export const EVENT_TYPES = [
  'message.created',
  // A reply's delivery through a provider channel moved on (queued, sent, delivered, read, failed): decision 029.
  'message.updated',
  'conversation.created',
  'conversation.assigned',
  'conversation.unassigned',
  'conversation.transferred',
  'conversation.status_changed',
  'conversation.resolved',
  'conversation.deleted',
  'conversation.read',
  // The customer proved the address an unverified conversation is filed under (decision 037).
  'conversation.verified',
  // Contract section 13: a new priority (or none), and a snooze (`until_ts`, null: until the customer writes).
  'conversation.priority_changed',
  'conversation.snoozed',
  // Section 13: labels put on or taken off a conversation or a customer.
  'conversation.labels_changed',
  'typing',
  'customer.created',
  'customer.updated',
  'customer.merged',
  'customer.deleted',
  // An app and everything in it deleted (issue 43): reporting counts again the days its numbers were on. Its
  // conversations each have their `conversation.deleted`; no webhook hears it (the app's webhooks go with it).
  'app.deleted',
  'customer.labels_changed',
  // The company's label list changed (decision 048): open consoles refresh the names and colours they show.
  'label.created',
  'label.updated',
  'label.deleted',
  // Section 14: a service level's due time missed (`data: {kind}`), recorded once per kind and conversation.
  'conversation.sla_breached',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The kinds an outgoing webhook may ask for (contract section 10): every kind but `app.deleted`, since a
 * webhook belongs to an app and is deleted with it, so none is left to hear that its app went.
 */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES.filter(
  (t): t is Exclude<EventType, 'app.deleted'> => t !== 'app.deleted',
);
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const EVENT_ACTOR_TYPES = ['user', 'customer', 'auto', 'api_key', 'system'] as const;

export const EventActor = z.object({
  type: z.enum(EVENT_ACTOR_TYPES),
  id: z.number().optional(),
});
export type EventActor = z.infer<typeof EventActor>;

/** One record of something that happened; `event_id` increases in commit order. */
export const InboxEvent = z.object({
  event_id: z.number(),
  type: z.enum(EVENT_TYPES),
  company_id: z.number(),
  app_id: z.number().nullable(),
  conversation_id: z.number().optional(),
  customer_id: z.number().optional(),
  actor: EventActor,
  data: z.record(z.string(), z.unknown()),
  created_ts: Timestamp,
});
export type InboxEvent = z.infer<typeof InboxEvent>;

/** A stream ticket: single use, valid for `STREAM_TICKET_TTL_SECONDS`, on any server process. */
export const StreamTicket = z.object({ ticket: z.string(), expires_ts: Timestamp });
export type StreamTicket = z.infer<typeof StreamTicket>;

export const STREAM_TICKET_TTL_SECONDS = 60;
/** A comment line at least this often keeps proxies from closing an idle stream. */
export const STREAM_PING_SECONDS = 25;

const LAST_EVENT_ID = wholeNumber('The last event id must be a whole number, 0 or more', 0);

export const StreamQuery = z.object({
  ticket: z.string().max(200).optional(),
  last_event_id: LAST_EVENT_ID.optional(),
});

export const PortalStreamQuery = z.object({
  token: z.string().max(200).optional(),
  last_event_id: LAST_EVENT_ID.optional(),
});
