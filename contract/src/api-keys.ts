import { z } from 'zod';
import { Phone } from './customers.ts';
import { Id, LIMIT_SENTENCE, OFFSET_SENTENCE, QueryId, Timestamp, wholeNumber } from './envelope.ts';
import { INTEGRATION_TYPES } from './integrations.ts';
import { ClientMessageId, MessageContent } from './messages.ts';
import { Email, PersonName } from './users.ts';

/** What a key may be granted on one integration (contract section 9); each is exact, none implies another. */
export const API_PERMISSIONS = [
  'conversations:read',
  'messages:send',
  'customers:read',
  'customers:write',
  'conversations:write',
] as const;
export type ApiPermission = (typeof API_PERMISSIONS)[number];

export const API_PERMISSION_DESCRIPTIONS: Record<ApiPermission, string> = {
  'conversations:read': "Read the conversations of this integration's app, with their messages",
  'messages:send': "Reply in this app's conversations, and (api integrations) bring customer messages in",
  'customers:read': "Read the customers of this integration's app",
  'customers:write': "Create and edit the customers of this integration's app, and link them to it",
  'conversations:write':
    "Set the priority, the labels and the snooze of this integration's app's conversations",
};

/** Keys start with this, so a leaked one is recognisable (and secret scanners can be told about it). */
export const API_KEY_PREFIX = 'sik_';

export const ApiKeyGrant = z.object({
  permission_id: z.number().describe('the grant’s own id, which /api-keys/permissions/revoke takes'),
  integration_id: z.number(),
  permission: z.enum(API_PERMISSIONS),
});
export type ApiKeyGrant = z.infer<typeof ApiKeyGrant>;

export const ApiKey = z.object({
  api_key_id: z.number(),
  name: z.string(),
  prefix: z.string().describe('the first characters of the key, to tell keys apart'),
  permissions: z.array(ApiKeyGrant),
  created_ts: Timestamp,
  last_used_ts: Timestamp.nullable(),
  expires_ts: Timestamp.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The create answer: the key itself, this once. */
export const CreatedApiKey = ApiKey.extend({
  key: z.string().describe('shown this once; only a hash is kept'),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

const KeyName = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'At most 100 characters');
const FutureTime = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Give a date and time')
  .refine((s) => Date.parse(s) > Date.now(), 'The expiry must be in the future');

export const CreateApiKeyBody = z.object({ name: KeyName, expires_ts: FutureTime.nullable().optional() });
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** A rename, a new expiry, or `expires_ts: null` for a key that never expires. */
export const UpdateApiKeyBody = z.object({
  name: KeyName.optional(),
  expires_ts: FutureTime.nullable().optional(),
});
export type UpdateApiKeyBody = z.infer<typeof UpdateApiKeyBody>;

export const ApiKeysQuery = z.object({
  limit: wholeNumber(LIMIT_SENTENCE, 1, 100).default(100),
  offset: wholeNumber(OFFSET_SENTENCE, 0).default(0),
});

export const GrantBody = z.object({
  api_key_id: Id,
  integration_id: Id,
  permission_id: z.enum(API_PERMISSIONS, `Choose one of ${API_PERMISSIONS.join(', ')}`),
});
export type GrantBody = z.infer<typeof GrantBody>;

export const RevokeQuery = z.object({ permission_id: QueryId });

/** `GET /api-keys/integrations`: what can be granted, integration by integration. */
export const GrantableIntegration = z.object({
  integration_id: z.number(),
  name: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  app_id: z.number(),
  app_name: z.string(),
  permissions: z.array(z.object({ permission: z.enum(API_PERMISSIONS), description: z.string() })),
});
export type GrantableIntegration = z.infer<typeof GrantableIntegration>;

/** `POST /integration/messages`: a customer's message from an outside system, through an `api` integration. */
export const IntegrationMessageBody = z
  .object({
    integration_id: Id,
    customer: z.object({
      external_id: z.string().trim().min(1, 'Give the customer’s id in your system').max(200),
      name: PersonName.optional(),
      email: Email.optional(),
      phone: Phone.optional(),
    }),
    content: MessageContent.optional().default(''),
    attachments: z
      .array(
        z.object({
          filename: z.string().trim().min(1).max(255),
          content_base64: z.string().max(15_000_000),
        }),
      )
      .max(10)
      .optional()
      .default([]),
    external_message_id: ClientMessageId.describe(
      'your id for this message: sending it again answers the first message and stores nothing new',
    ),
  })
  .refine((b) => b.content.length > 0 || b.attachments.length > 0, {
    path: ['content'],
    message: 'Please enter a message or attach a file',
  });
export type IntegrationMessageBody = z.infer<typeof IntegrationMessageBody>;

export const IntegrationMessageResult = z.object({
  message_id: z.number(),
  conversation_id: z.number(),
  customer_id: z.number(),
  duplicate: z.boolean().describe('true when this external_message_id was stored before'),
});
export type IntegrationMessageResult = z.infer<typeof IntegrationMessageResult>;
