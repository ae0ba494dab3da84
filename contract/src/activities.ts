import { z } from 'zod';
import { CalendarDate } from './business-hours.ts';
import { OptionalQueryId, OptionalQueryText, Paging } from './envelope.ts';

const Person = z.object({ user_id: z.number().nullable(), name: z.string() });

/**
 * One entry of the activities feed (contract section 11). `actor` is who acted: a user, or (with a null
 * `user_id`) a customer, an API key or the system, named; `impersonator` the platform admin acting as that
 * user. `subject` is what the action was on.
 */
export const Activity = z.object({
  activity_id: z.number(),
  type: z.string().describe('what happened, as `<subject>.<verb>`: `app.created`, `conversation.assigned`'),
  actor: Person,
  impersonator: Person.nullable(),
  subject: z.object({ type: z.string(), id: z.union([z.number(), z.string()]).nullable() }),
  summary: z.string(),
  created_ts: z.string(),
});
export type Activity = z.infer<typeof Activity>;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const OptionalDate = z.preprocess(emptyToUndefined, CalendarDate.optional());

export const ActivitiesQuery = Paging.extend({
  type: OptionalQueryText.describe('an activity type (`app.created`) or a whole subject (`app`)'),
  user_id: OptionalQueryId.describe('who acted; others than company admins always see their own'),
  from: OptionalDate.describe('first day, in the company timezone'),
  to: OptionalDate.describe('last day, included'),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: 'The end date is before the start date',
  path: ['to'],
});
export type ActivitiesQuery = z.infer<typeof ActivitiesQuery>;
