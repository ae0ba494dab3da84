import { z } from 'zod';
import { Id, QueryId } from './envelope.ts';
import { WEBHOOK_EVENT_TYPES } from './events.ts';

/** Kinds of integration (contract section 9): channels, the API, and outgoing webhooks. */
export const INTEGRATION_TYPES = [
  'facebook',
  'whatsapp',
  'sms',
  'email',
  'web',
  'portal',
  'api',
  'webhook',
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** The secrets each type takes: written, never read back (answers list their names only). */
export const INTEGRATION_SECRETS: Record<IntegrationType, readonly string[]> = {
  whatsapp: ['app_secret', 'access_token'],
  facebook: ['app_secret', 'page_access_token'],
  sms: ['auth_token'],
  email: [],
  web: ['identity_secret'],
  portal: [],
  api: ['signing_secret'],
  webhook: ['signing_secret'],
};

export const Integration = z.object({
  integration_id: z.number(),
  app_id: z.number(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  is_active: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  secrets_set: z.array(z.string()).describe('names of the secrets stored; their values are never sent'),
  status: z.object({
    last_event_ts: z.string().nullable(),
    last_error: z.string().nullable(),
    last_test: z
      .object({
        ok: z.boolean(),
        status_code: z.number().nullable(),
        duration_ms: z.number(),
        error: z.string().nullable(),
        tested_ts: z.string(),
      })
      .nullable(),
  }),
  created_ts: z.string(),
});
export type Integration = z.infer<typeof Integration>;

const text = (label: string, max = 200) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);
const HttpUrl = z
  .string('Give a URL')
  .trim()
  .max(2000)
  .refine((u) => {
    try {
      return ['http:', 'https:'].includes(new URL(u).protocol);
    } catch {
      return false;
    }
  }, 'Give a full http:// or https:// URL');
const Origin = z
  .string()
  .trim()
  .refine((o) => {
    try {
      const u = new URL(o);
      return ['http:', 'https:'].includes(u.protocol) && u.origin === o.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'Give an origin such as https://shop.example.com');

const common = { queue_id: Id.nullable().optional() };

/** The settings of each type, checked on create and on a change that gives settings. */
export const INTEGRATION_SETTINGS = {
  whatsapp: z.object({
    ...common,
    phone_number_id: text('Phone number ID', 100),
    business_account_id: text('Business account ID', 100),
    verify_token: z.string().trim().min(8, 'At least 8 characters').max(200).optional(),
  }),
  facebook: z.object({
    ...common,
    page_id: text('Page ID', 100),
    verify_token: z.string().trim().min(8, 'At least 8 characters').max(200).optional(),
  }),
  sms: z
    .object({
      ...common,
      account_sid: text('Account SID', 100),
      phone_number: z.string().trim().max(40).optional(),
      messaging_service_sid: z.string().trim().max(100).optional(),
    })
    .refine((s) => !!(s.phone_number || s.messaging_service_sid), {
      message: 'Give a phone number or a messaging service SID',
      path: ['phone_number'],
    }),
  email: z.object({
    ...common,
    inbound_address: z.string().trim().toLowerCase().email('Give an email address'),
    from_name: z.string().trim().max(100).optional(),
  }),
  web: z.object({
    ...common,
    allowed_origins: z.array(Origin).max(20).default([]),
    color: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Give a colour such as #2563eb')
      .optional()
      .describe('the widget bubble’s colour; a page’s own `data-color` wins'),
  }),
  portal: z.object(common),
  api: z.object({ ...common, webhook_url: HttpUrl.optional() }),
  webhook: z.object({
    ...common,
    url: HttpUrl,
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, 'Not an event type'))
      .min(1, 'Choose at least one event')
      .transform((types) => [...new Set(types)]),
  }),
} satisfies Record<IntegrationType, z.ZodType>;

const Secrets = z.record(z.string(), z.string().max(4000));

export const CreateIntegrationBody = z.object({
  app_id: Id,
  type: z.enum(INTEGRATION_TYPES, 'Choose a type'),
  name: text('Name', 100),
  is_active: z.boolean().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  secrets: Secrets.optional(),
});
export type CreateIntegrationBody = z.infer<typeof CreateIntegrationBody>;

/** What is left out stays; a secret left out is kept, one given as "" is removed. */
export const UpdateIntegrationBody = z.object({
  name: text('Name', 100).optional(),
  is_active: z.boolean().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  secrets: Secrets.optional(),
});
export type UpdateIntegrationBody = z.infer<typeof UpdateIntegrationBody>;

export const IntegrationsQuery = z.object({ app_id: QueryId });
export const TestIntegrationBody = z.object({ integration_id: Id });

/** `POST /integration/test`: what the real call answered, recorded as the integration's latest test. */
export const IntegrationTestResult = z.object({
  ok: z.boolean(),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});
export type IntegrationTestResult = z.infer<typeof IntegrationTestResult>;

/** `GET /integration/webhook-info`: what a person pastes into the provider's console. */
export const WebhookInfo = z.object({
  url: z.string(),
  method: z.string(),
  verify_token: z.string().optional(),
  signature: z.object({ header: z.string(), algorithm: z.string() }),
  events: z.array(z.string()),
  example: z.unknown(),
  snippet: z.string().optional().describe('web: the script tag to paste into the website'),
});
export type WebhookInfo = z.infer<typeof WebhookInfo>;

/** `GET /integration/deliveries`: the integration's latest outgoing calls, newest first. */
export const IntegrationDelivery = z.object({
  delivery_id: z.number(),
  what: z.string().describe('the event type, or "reply" for a reply sent through the channel'),
  message_id: z.number().nullable(),
  excerpt: z.string().nullable().describe("the reply's first words"),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_ts: z.string().nullable().describe('when a pending delivery is tried again'),
  created_ts: z.string(),
});
export type IntegrationDelivery = z.infer<typeof IntegrationDelivery>;
