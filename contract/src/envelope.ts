import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';

/** `{success: true, data}`: every JSON success answer. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const ListMeta = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  total_capped: z
    .literal(true)
    .optional()
    .describe('the list counted no further than `total` (offset + 1,000): there are more'),
});
export type ListMeta = z.infer<typeof ListMeta>;

/** `{success: true, data: [...], meta}`: every list answer. */
export const okList = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), meta: ListMeta });

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
const FieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .describe('each bad field (nested ones by dotted path) with its sentences, the first one to show');

/** `{success: false, message, error: {code, message, details?}, errors?}`: every error answer. */
export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string().describe('a sentence for the user, the same as `error.message`'),
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  errors: FieldErrorsSchema.optional(),
});

/** A 422: the error envelope with `errors` naming each bad field. */
export const ValidationErrorEnvelope = ErrorEnvelope.extend({ errors: FieldErrorsSchema });

/** Query-string numbers arrive as text; an empty value counts as absent (contract section 1). */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A whole number in a query string, from `min` (up to `max`): text, a fraction or a number out of range
 * answers the one sentence that says what the field takes, not the validator's own wording.
 */
export function wholeNumber(sentence: string, min: number, max?: number) {
  const n = z.coerce.number({ error: sentence }).int({ error: sentence }).min(min, { error: sentence });
  return max === undefined ? n : n.max(max, { error: sentence });
}

const QUERY_ID = wholeNumber('Not an id: ids are whole numbers above 0', 1);
export const QueryId = z.preprocess(emptyToUndefined, QUERY_ID);
export const OptionalQueryId = z.preprocess(emptyToUndefined, QUERY_ID.optional());
export const OptionalQueryText = z.preprocess(emptyToUndefined, z.string().trim().max(200).optional());

export const LIMIT_SENTENCE = 'Limit must be a whole number from 1 to 100';
export const OFFSET_SENTENCE = 'Offset must be a whole number, 0 or more';

export const Paging = z.object({
  limit: z.preprocess(emptyToUndefined, wholeNumber(LIMIT_SENTENCE, 1, 100).default(50)),
  offset: z.preprocess(emptyToUndefined, wholeNumber(OFFSET_SENTENCE, 0).default(0)),
});
export type Paging = z.infer<typeof Paging>;

export const IdQuery = z.object({ id: QueryId });
export type IdQuery = z.infer<typeof IdQuery>;

/** Ids on the wire are numbers; bodies may carry them as numeric strings, which clients pass back unchanged. */
export const Id = z.coerce.number().int().positive();

/** The description of an app or a queue: optional text for the team. */
export const Description = z.string().trim().max(2000);

export const Timestamp = z.string().describe('ISO 8601 in UTC');

/** What a change that returns no record answers in `data`: a sentence saying what was done. */
export const Done = z.object({ message: z.string() });
export const Ack = ok(Done);

/** Who a person is, as every list of people answers it. */
export const PersonFields = { user_id: z.number(), name: z.string(), email: z.string() };
/** The same with the initials the console draws in avatars: a user as the user pages show one. */
export const ProfileFields = { ...PersonFields, initials: z.string() };

/**
 * The fields of an object whose keys are the names of a list, each of one schema: a record that holds a number
 * for each metric or status is then declared from that list, and cannot drift from it.
 */
export function fieldsOf<const K extends readonly string[], S extends z.ZodTypeAny>(names: K, schema: S) {
  return Object.fromEntries(names.map((n) => [n, schema])) as { [N in K[number]]: S };
}
