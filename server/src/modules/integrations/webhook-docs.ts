import {
  ApiReplyPayload,
  WEBHOOK_EVENT_TYPES,
  type WebhookConversation,
  type WebhookCustomer,
  type WebhookEventType,
  type WebhookMessage,
  webhookPayloadOf,
} from '@inbox/contract';
import { z } from 'zod';

/**
 * The OpenAPI document's `webhooks` (OpenAPI 3.1): what an outgoing webhook receives for each event kind,
 * and an `api` integration's reply, each with its schema from the contract and an example, which the
 * OpenAPI test parses against that schema so the two cannot drift apart.
 */

const customer: WebhookCustomer = {
  customer_id: 311,
  name: 'Maria Lopez',
  email: 'maria@example.com',
  phone: '+447700900123',
};

const conversation: WebhookConversation = {
  conversation_id: 4410,
  number: 57,
  app_id: 12,
  queue_id: 3,
  channel: 'portal',
  status: 'open',
  priority: null,
  labels: [{ label_id: 5, name: 'Billing', color: '#3b82f6' }],
  verified: false,
  assigned_user: { user_id: 8, name: 'Alex Agent' },
};

const message: WebhookMessage = {
  message_id: 981,
  conversation_id: 4410,
  sender_type: 'customer',
  sender_name: 'Maria Lopez',
  content: 'Here is my receipt',
  content_type: 'text',
  created_ts: '2026-11-26T09:30:00.000Z',
  attachments: [
    { attachment_id: 77, original_filename: 'receipt.pdf', file_size: 48213, mime_type: 'application/pdf' },
  ],
  is_private: false,
  sender_user_id: null,
};

const reply: WebhookMessage = {
  ...message,
  message_id: 982,
  sender_type: 'agent',
  sender_name: 'Alex Agent',
  content: 'Thank you, it ships today',
  attachments: [],
  sender_user_id: 8,
};

const vip = { label_id: 9, name: 'VIP', color: '#f59e0b' };

const agentActor = { type: 'user' as const, id: 8 };
const previous = { queue_id: 3, assigned_user_id: null };

/** Each kind's actor and `data` besides what every example shares. */
const KINDS: Record<WebhookEventType, { actor?: object; data: Record<string, unknown> }> = {
  'message.created': { actor: { type: 'customer', id: 311 }, data: { message } },
  'message.updated': {
    actor: { type: 'system' },
    data: { message: { ...reply, delivery: { status: 'delivered', error: null } } },
  },
  'conversation.created': {
    actor: { type: 'customer', id: 311 },
    data: { channel: 'portal', conversation: { ...conversation, assigned_user: null } },
  },
  'conversation.assigned': { data: { from: null, to: 8, previous } },
  'conversation.unassigned': {
    data: {
      from: 8,
      to: null,
      previous: { queue_id: 3, assigned_user_id: 8 },
      conversation: { ...conversation, assigned_user: null },
    },
  },
  'conversation.transferred': {
    data: {
      from: 3,
      to: 5,
      previous: { queue_id: 3, assigned_user_id: 8 },
      conversation: { ...conversation, queue_id: 5 },
    },
  },
  'conversation.status_changed': {
    data: {
      from: 'open',
      to: 'pending',
      previous: { queue_id: 3, assigned_user_id: 8 },
      conversation: { ...conversation, status: 'pending' },
    },
  },
  'conversation.resolved': {
    data: {
      from: 'pending',
      previous: { queue_id: 3, assigned_user_id: 8 },
      conversation: { ...conversation, status: 'resolved' },
    },
  },
  'conversation.verified': {
    actor: { type: 'customer', id: 311 },
    data: { by: 'secure_link', previous, conversation: { ...conversation, verified: true } },
  },
  'conversation.priority_changed': {
    data: { from: null, to: 'urgent', previous, conversation: { ...conversation, priority: 'urgent' } },
  },
  'conversation.snoozed': {
    data: {
      until_ts: '2026-11-27T08:00:00.000Z',
      from: 'open',
      previous,
      conversation: { ...conversation, status: 'snoozed' },
    },
  },
  'conversation.deleted': { data: {} },
  'conversation.read': { data: { user_id: 8, last_read_message_id: 981 } },
  typing: { data: { seconds: 6 } },
  'customer.created': { actor: { type: 'customer', id: 311 }, data: { app_ids: [12] } },
  'customer.updated': { data: { fields: ['phone'], app_ids: [12] } },
  'customer.merged': {
    data: { primary_customer_id: 311, duplicate_customer_id: 318, conversations: 2, app_ids: [12] },
  },
  'customer.deleted': { data: { app_ids: [12] } },
  'conversation.labels_changed': {
    data: {
      added: [9],
      removed: [],
      labels: [...conversation.labels, vip],
      conversation: { ...conversation, labels: [...conversation.labels, vip] },
    },
  },
  'customer.labels_changed': {
    data: { added: [9], removed: [5], labels: [vip], app_ids: [12] },
  },
  'conversation.sla_breached': { data: { kind: 'first_response', conversation } },
  'label.created': { data: { label: vip } },
  'label.updated': { data: { label: { ...vip, name: 'Priority customer' } } },
  'label.deleted': { data: { label: vip } },
};

/** The example delivery of one event kind. */
export function webhookExample(type: WebhookEventType) {
  const kind = KINDS[type];
  const ofLabel = type.startsWith('label.');
  const ofCustomer = type.startsWith('customer.') || ofLabel;
  return {
    event_id: 1042,
    type,
    created_ts: '2026-11-26T09:30:00.000Z',
    company_id: 2,
    app_id: ofCustomer ? null : 12,
    ...(ofCustomer ? {} : { conversation_id: 4410 }),
    ...(ofLabel ? {} : { customer_id: 311 }),
    actor: kind.actor ?? agentActor,
    data: {
      conversation: ofCustomer ? null : conversation,
      customer: type === 'customer.deleted' || ofLabel ? null : customer,
      ...kind.data,
    },
  };
}

export const apiReplyExample = () => {
  const example = webhookExample('message.created');
  return {
    ...example,
    actor: agentActor,
    data: { ...example.data, customer: { ...customer, external_id: 'crm-1042' }, message: reply },
  };
};

const SIGNED =
  'Signed by the Standard Webhooks scheme: `webhook-id` (the same on every retry), `webhook-timestamp` ' +
  '(seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the signing ' +
  'secret. Any 2xx answer ends it; anything else is retried (about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, ' +
  'then every few hours for a day).';

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string' },
}));

const operation = (summary: string, description: string, schema: z.ZodType, example: unknown) => ({
  post: {
    summary,
    description: `${description} ${SIGNED}`,
    tags: ['webhooks'],
    parameters: HEADERS,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: z.toJSONSchema(schema, { io: 'output' }), example } },
    },
    responses: { '2XX': { description: 'Received: nothing more is sent for this event' } },
  },
});

/** The document's `webhooks`: one entry per event kind a webhook can subscribe to, and the api reply. */
export function webhookDocs() {
  const docs: Record<string, unknown> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    docs[type] = operation(
      `${type} (outgoing webhook)`,
      `A \`webhook\` integration subscribed to \`${type}\` receives this POST at its URL. \`data\` holds ` +
        'the records a receiver needs without calling back (the conversation as the event left it, its ' +
        'customer, a message with its attachments) beside the fields of this kind of event. `label.*` events ' +
        'concern the whole company: every webhook of the company subscribed to them receives them.',
      webhookPayloadOf(type),
      webhookExample(type),
    );
  }
  docs['api.reply'] = operation(
    'Reply to an api integration',
    'An agent’s or auto-responder’s reply (never an internal note) in a conversation that came in through ' +
      'an `api` integration is POSTed to its `webhook_url`: the `message.created` delivery, its customer ' +
      'also naming `external_id`, the id your system gave it.',
    ApiReplyPayload,
    apiReplyExample(),
  );
  return docs;
}
