import { z } from 'zod';
import { Id, OptionalQueryText, Timestamp, wholeNumber } from './envelope.ts';

/** What every record carrying labels shows of each (contract section 13): read from the label itself, never a copy. */
export const LabelRef = z.object({
  label_id: z.number(),
  name: z.string(),
  color: z.string().describe('#rrggbb'),
});
export type LabelRef = z.infer<typeof LabelRef>;

export const Label = LabelRef.extend({
  description: z.string(),
  created_ts: Timestamp,
  updated_ts: Timestamp,
});
export type Label = z.infer<typeof Label>;

export const LABEL_SENTENCES = {
  name: 'A label name is 1 to 50 characters',
  color: 'A colour is written #rrggbb, for example #3b82f6',
  description: 'A description is at most 200 characters',
  taken: 'A label with this name already exists',
  tooMany: 'At most 50 labels in one change',
} as const;

export const LabelName = z.string().trim().min(1, LABEL_SENTENCES.name).max(50, LABEL_SENTENCES.name);
export const LabelColor = z
  .string({ error: LABEL_SENTENCES.color })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, LABEL_SENTENCES.color)
  .transform((c) => c.toLowerCase());

export const CreateLabelBody = z.object({
  name: LabelName,
  color: LabelColor,
  description: z.string().trim().max(200, LABEL_SENTENCES.description).default(''),
});
export type CreateLabelBody = z.infer<typeof CreateLabelBody>;

export const UpdateLabelBody = z.object({
  name: LabelName.optional(),
  color: LabelColor.optional(),
  description: z.string().trim().max(200, LABEL_SENTENCES.description).optional(),
});
export type UpdateLabelBody = z.infer<typeof UpdateLabelBody>;

export const LabelsQuery = z.object({ search: OptionalQueryText });

const LabelIds = z.array(Id).max(50, LABEL_SENTENCES.tooMany).default([]);

/** Labels to put on and take off; a label in both is taken off. */
export const LabelChange = z.object({ add: LabelIds, remove: LabelIds });
export type LabelChange = z.infer<typeof LabelChange>;

export const ConversationLabelsBody = LabelChange.extend({ conversation_id: Id });
export type ConversationLabelsBody = z.infer<typeof ConversationLabelsBody>;

export const CustomerLabelsBody = LabelChange.extend({ customer_id: Id });
export type CustomerLabelsBody = z.infer<typeof CustomerLabelsBody>;

/** `label_id=3,7`: conversations (or customers) carrying any of them. */
export const LabelIdList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v === ''
        ? undefined
        : v.split(',').map((s) => s.trim())
      : Array.isArray(v)
        ? v
        : v === undefined || v === null
          ? undefined
          : [v],
  z
    .array(wholeNumber('Labels are ids: whole numbers above 0, comma-separated', 1))
    .max(50, 'At most 50 labels in a filter')
    .optional(),
);
