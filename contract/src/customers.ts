import { z } from 'zod';
import { Id, OptionalQueryId, OptionalQueryText, Paging, QueryId, Timestamp } from './envelope.ts';
import { LabelIdList, LabelRef } from './labels.ts';
import { Email, PersonName } from './users.ts';

/** A customer as the console sees it (contract section 8). */
export const Customer = z.object({
  customer_id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z
    .string()
    .nullable()
    .describe('E.164 (a phone stored before issue 42 that could not be read so stays as it was)'),
  notes: z.string(),
  attributes: z.record(z.string(), z.string()),
  apps: z.array(z.object({ app_id: z.number(), app_name: z.string() })),
  labels: z.array(LabelRef),
  conversations_count: z.number(),
  open_conversations_count: z.number(),
  last_activity_ts: Timestamp.nullable(),
  created_ts: Timestamp,
  updated_ts: Timestamp,
});
export type Customer = z.infer<typeof Customer>;

export const CUSTOMER_SORTS = [
  'name',
  '-name',
  'last_activity',
  '-last_activity',
  'created',
  '-created',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalBool = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v === 'true' || v === true),
  z.boolean().optional(),
);

export const CustomerListQuery = Paging.extend({
  search: OptionalQueryText.describe(
    'case-insensitive substring of name, email or phone; a phone also matches without spaces, dashes or +',
  ),
  app_id: OptionalQueryId,
  label_id: LabelIdList.describe('label ids, comma-separated: customers carrying any of them'),
  has_open: optionalBool.describe('only customers with (or, false: without) an open or pending conversation'),
  sort: z.preprocess(emptyToUndefined, z.enum(CUSTOMER_SORTS).default('-last_activity')),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** `GET /customers`: with `id` that one customer, without it the filtered list. */
export const CustomersQuery = CustomerListQuery.extend({ id: OptionalQueryId });
export type CustomersQuery = z.infer<typeof CustomersQuery>;

const OptionalEmail = z.preprocess(emptyToUndefined, Email.nullable().optional());
/**
 * The sentence for a phone that is not one, on every call that takes a phone (the portal form, the widget,
 * the customers API, the API integration). The product spec names none; it is the email sentence's twin.
 */
export const PHONE_INVALID = 'Please enter a valid phone number';

/**
 * A phone as typed. Whether it is one is the server's to say (`readPhone`: formatting and invisible
 * characters taken out, a possible international number, stored as E.164), with `PHONE_INVALID` on the field.
 */
export const Phone = z.string().trim().max(50, PHONE_INVALID);
const OptionalPhone = z.preprocess(emptyToUndefined, Phone.nullable().optional());

export const CreateCustomerBody = z.object({
  name: PersonName,
  email: OptionalEmail,
  phone: OptionalPhone,
  app_ids: z.array(Id).min(1, 'Choose at least one app').max(100),
});
export type CreateCustomerBody = z.infer<typeof CreateCustomerBody>;

export const UpdateCustomerBody = z.object({
  name: PersonName.optional(),
  email: OptionalEmail,
  phone: OptionalPhone,
  notes: z.string().max(10_000).optional(),
  attributes: z
    .record(z.string().trim().min(1, 'Attribute names cannot be empty').max(100), z.string().max(2000))
    .refine((a) => Object.keys(a).length <= 100, 'At most 100 attributes')
    .optional(),
});
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBody>;

export const CustomerApp = z.object({ app_id: z.number(), app_name: z.string(), linked_ts: Timestamp });
export type CustomerApp = z.infer<typeof CustomerApp>;

export const LinkCustomerAppBody = z.object({ customer_id: Id, app_id: Id });
export const CustomerAppQuery = z.object({ id: QueryId, app_id: QueryId });
export const CustomerConversationsQuery = Paging.extend({ id: QueryId });

export const DUPLICATE_REASONS = [
  'same_email',
  'same_phone',
  'similar_name',
  'same_email_domain',
  'same_email_local',
  'same_attribute',
] as const;

export const DuplicateSuggestion = z.object({
  customer: Customer,
  score: z.number().min(0).max(1),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicateSuggestion = z.infer<typeof DuplicateSuggestion>;

export const DuplicatesQuery = z.object({ customer_id: QueryId });

export const MergeCustomersBody = z
  .object({ primary_customer_id: Id, duplicate_customer_id: Id })
  .refine((b) => b.primary_customer_id !== b.duplicate_customer_id, {
    message: 'A customer cannot be merged into itself',
    path: ['duplicate_customer_id'],
  });
export type MergeCustomersBody = z.infer<typeof MergeCustomersBody>;
