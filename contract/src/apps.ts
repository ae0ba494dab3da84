import { z } from 'zod';
import { APP_ROLES, CONVERSATION_STATUSES } from './constants.ts';
import { CsatSettings, DEFAULT_CSAT_QUESTION } from './csat.ts';
import {
  Description,
  fieldsOf,
  Id,
  OptionalQueryId,
  OptionalQueryText,
  Paging,
  PersonFields,
  QueryId,
} from './envelope.ts';

export const App = z.object({
  app_id: z.number(),
  company_id: z.number(),
  app_name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  csat: CsatSettings.describe('customer satisfaction: whether a resolution asks the customer, and what'),
  role: z.enum(APP_ROLES).nullable().describe("the caller's effective role in the app"),
  queues_count: z.number(),
  members_count: z
    .number()
    .describe('explicit app members; company admins and managers reach every app without one'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type App = z.infer<typeof App>;

const AppName = z.string().trim().min(1, 'App name is required').max(200);

const AppFields = z.object({
  app_name: AppName,
  description: Description,
  is_active: z.boolean(),
  csat: CsatSettings,
});

export const CreateAppBody = AppFields.extend({
  description: Description.default(''),
  is_active: z.boolean().default(true),
  csat: CsatSettings.optional().describe(`default: off, asking "${DEFAULT_CSAT_QUESTION}"`),
});
export type CreateAppBody = z.infer<typeof CreateAppBody>;

export const UpdateAppBody = AppFields.partial().extend({ csat: CsatSettings.partial().optional() });
export type UpdateAppBody = z.infer<typeof UpdateAppBody>;

const optionalBool = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v === 'true' || v === true),
  z.boolean().optional(),
);

export const ListAppsQuery = Paging.extend({ search: OptionalQueryText, is_active: optionalBool });
export type ListAppsQuery = z.infer<typeof ListAppsQuery>;

/** `GET /apps`: with `id` it answers that one app, without it the filtered list. */
export const AppsQuery = ListAppsQuery.extend({ id: OptionalQueryId });
export type AppsQuery = z.infer<typeof AppsQuery>;

export const AppStats = z.object({
  app_id: z.number(),
  queues_count: z.number(),
  members_count: z.number(),
  customers_count: z.number(),
  conversations: z.object({
    total: z.number(),
    ...fieldsOf(CONVERSATION_STATUSES, z.number()),
    unassigned: z.number().describe('open or pending conversations with no assignee'),
  }),
});
export type AppStats = z.infer<typeof AppStats>;

export const AppMember = z.object({ app_id: z.number(), ...PersonFields, role: z.enum(APP_ROLES) });
export type AppMember = z.infer<typeof AppMember>;

export const AddAppMemberBody = z.object({ app_id: Id, user_id: Id, role: z.enum(APP_ROLES) });
export type AddAppMemberBody = z.infer<typeof AddAppMemberBody>;
export const UpdateAppMemberBody = z.object({ role: z.enum(APP_ROLES) });
export const AppMemberQuery = z.object({ id: QueryId, user_id: QueryId });
/** `GET /app/users?id={app_id}`: the app's members, paged like every list. */
export const AppMembersQuery = Paging.extend({ id: QueryId });
export const AppIdFilter = z.object({ app_id: OptionalQueryId });
