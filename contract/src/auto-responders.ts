import { z } from 'zod';
import { Id, QueryId } from './envelope.ts';

/** What makes an auto-responder answer (contract section 9). */
export const AUTO_RESPONDER_TRIGGERS = [
  'conversation_started',
  'outside_business_hours',
  'no_agent_reply',
  'keyword',
] as const;
export type AutoResponderTrigger = (typeof AUTO_RESPONDER_TRIGGERS)[number];

/** Placeholders a responder's message may hold, filled when it is sent. */
export const AUTO_RESPONDER_PLACEHOLDERS = [
  '{{customer.name}}',
  '{{app.name}}',
  '{{queue.name}}',
  '{{business_hours.next_open}}',
] as const;

export const MAX_KEYWORDS = 20;

export const AutoResponder = z.object({
  auto_responder_id: z.number(),
  app_id: z.number(),
  queue_id: z.number().nullable(),
  name: z.string(),
  trigger: z.enum(AUTO_RESPONDER_TRIGGERS),
  delay_minutes: z.number(),
  keywords: z.array(z.string()),
  message: z.string(),
  is_active: z.boolean(),
  created_ts: z.string(),
  updated_ts: z.string(),
});
export type AutoResponder = z.infer<typeof AutoResponder>;

const Keyword = z.string().trim().min(1, 'A keyword cannot be empty').max(60, 'At most 60 characters');

const fields = {
  queue_id: Id.nullable().optional(),
  name: z.string('Name is required').trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  trigger: z.enum(AUTO_RESPONDER_TRIGGERS, 'Choose when the responder answers'),
  delay_minutes: z
    .number('Give the delay in minutes')
    .int('Give the delay in whole minutes')
    .min(0)
    .max(7 * 24 * 60, 'At most a week (10,080 minutes)')
    .optional(),
  keywords: z.array(Keyword).max(MAX_KEYWORDS, `At most ${MAX_KEYWORDS} keywords`).optional(),
  message: z
    .string('Message is required')
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'At most 2,000 characters'),
  is_active: z.boolean('Must be true or false').optional(),
};

/** The rules that tie fields together: a delay for `no_agent_reply`, keywords for `keyword`. */
const consistent = (
  r: { trigger?: AutoResponderTrigger; delay_minutes?: number; keywords?: string[] },
  ctx: z.RefinementCtx,
) => {
  if (r.trigger === 'no_agent_reply' && (r.delay_minutes ?? 0) < 1) {
    ctx.addIssue({ code: 'custom', message: 'Give a delay of at least 1 minute', path: ['delay_minutes'] });
  }
  if (r.trigger === 'keyword' && (r.keywords ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', message: 'Give at least one keyword', path: ['keywords'] });
  }
};

export const CreateAutoResponderBody = z.object({ app_id: Id, ...fields }).superRefine(consistent);
export type CreateAutoResponderBody = z.infer<typeof CreateAutoResponderBody>;

/** Every field but the app; what is left out stays as it is (the rules are checked on the result). */
export const UpdateAutoResponderBody = z.object({
  queue_id: fields.queue_id,
  name: fields.name.optional(),
  trigger: fields.trigger.optional(),
  delay_minutes: fields.delay_minutes,
  keywords: fields.keywords,
  message: fields.message.optional(),
  is_active: fields.is_active,
});
export type UpdateAutoResponderBody = z.infer<typeof UpdateAutoResponderBody>;

export const AutoRespondersQuery = z.object({ app_id: QueryId });
