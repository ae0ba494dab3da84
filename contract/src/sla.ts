import { z } from 'zod';
import { PRIORITIES } from './constants.ts';
import { Id, Timestamp } from './envelope.ts';

/** Contract section 14: the clocks a service level runs. */
export const SLA_KINDS = ['first_response', 'next_response', 'resolution'] as const;
export type SlaKind = (typeof SLA_KINDS)[number];

/** The inbox filters of section 14: a running clock already past its due time, or due within the hour. */
export const SLA_FILTERS = ['breached', 'due_soon'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

/** `due_soon`: due within this many minutes. */
export const SLA_DUE_SOON_MINUTES = 60;

export const SLA_SENTENCES = {
  name: 'A name is 1 to 100 characters',
  minutes: 'A time is a whole number of minutes above 0, or empty',
  position: 'A position is a whole number from 1',
  unknownApp: 'Choose apps of this company',
  unknownQueue: 'Choose queues of this company',
  unknownLabel: 'Choose labels of this company',
  priority: 'Priority must be urgent, high, medium or low',
} as const;

const Minutes = z
  .number({ error: SLA_SENTENCES.minutes })
  .int(SLA_SENTENCES.minutes)
  .positive(SLA_SENTENCES.minutes)
  .max(525_600, SLA_SENTENCES.minutes)
  .nullable();

const Ids = z.array(Id).max(100).default([]);

export const SlaConditions = z.object({
  app_ids: Ids,
  queue_ids: Ids,
  priorities: z.array(z.enum(PRIORITIES, { error: SLA_SENTENCES.priority })).default([]),
  label_ids: Ids,
});
export type SlaConditions = z.infer<typeof SlaConditions>;

export const SlaPolicy = z.object({
  sla_policy_id: z.number(),
  name: z.string(),
  position: z.number().describe('1 is chosen first: the first policy whose conditions match applies'),
  first_response_minutes: z.number().nullable(),
  next_response_minutes: z.number().nullable(),
  resolution_minutes: z.number().nullable(),
  business_hours_only: z.boolean().describe('count only the company’s business hours'),
  conditions: SlaConditions.describe('an empty list matches everything'),
});
export type SlaPolicy = z.infer<typeof SlaPolicy>;

const Name = z
  .string({ error: SLA_SENTENCES.name })
  .trim()
  .min(1, SLA_SENTENCES.name)
  .max(100, SLA_SENTENCES.name);
const Position = z
  .number({ error: SLA_SENTENCES.position })
  .int(SLA_SENTENCES.position)
  .min(1, SLA_SENTENCES.position);

export const CreateSlaPolicyBody = z.object({
  name: Name,
  first_response_minutes: Minutes.default(null),
  next_response_minutes: Minutes.default(null),
  resolution_minutes: Minutes.default(null),
  business_hours_only: z.boolean().default(false),
  conditions: SlaConditions.default({ app_ids: [], queue_ids: [], priorities: [], label_ids: [] }),
  position: Position.optional().describe('where it goes (default: last); the others move down'),
});
export type CreateSlaPolicyBody = z.infer<typeof CreateSlaPolicyBody>;

export const UpdateSlaPolicyBody = z.object({
  name: Name.optional(),
  first_response_minutes: Minutes.optional(),
  next_response_minutes: Minutes.optional(),
  resolution_minutes: Minutes.optional(),
  business_hours_only: z.boolean().optional(),
  conditions: SlaConditions.optional(),
  position: Position.optional().describe('moves it there (past the end: last); the others close up'),
});
export type UpdateSlaPolicyBody = z.infer<typeof UpdateSlaPolicyBody>;

/** A conversation's service level: the policy that applies and its running clocks (null when met or stopped). */
export const ConversationSla = z.object({
  sla_policy_id: z.number(),
  name: z.string(),
  first_response_due_ts: Timestamp.nullable(),
  next_response_due_ts: Timestamp.nullable(),
  resolution_due_ts: Timestamp.nullable(),
  breached: z.array(z.enum(SLA_KINDS)).describe('the kinds missed so far, each recorded once'),
});
export type ConversationSla = z.infer<typeof ConversationSla>;

/** The overview's service levels (section 14). */
export const SlaOverview = z.object({
  conversations: z.number().describe('started in the period under a policy'),
  breached: z.number().describe('of those, with at least one breach so far'),
  met_pct: z
    .number()
    .nullable()
    .describe('100 × (conversations − breached) / conversations, one decimal; null without any'),
});
export type SlaOverview = z.infer<typeof SlaOverview>;
