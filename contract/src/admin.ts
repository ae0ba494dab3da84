import { z } from 'zod';
import { CreateAppBody } from './apps.ts';
import { APP_ROLES, COMPANY_ROLES, QUEUE_ROLES, USER_STATUSES } from './constants.ts';
import { Id, OptionalQueryId, OptionalQueryText, Paging, ProfileFields, QueryId } from './envelope.ts';
import { Email, Password, PersonName } from './users.ts';

export const AdminUser = z.object({
  ...ProfileFields,
  is_platform_admin: z.boolean(),
  status: z.enum(USER_STATUSES),
  companies_count: z.number(),
  created_at: z.string(),
  company_role: z.enum(COMPANY_ROLES).optional().describe('present when the list is filtered by company_id'),
  app_role: z.enum(APP_ROLES).optional().describe('present when the list is filtered by app_id'),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserDetail = AdminUser.extend({
  companies: z.array(
    z.object({ company_id: z.number(), company_name: z.string(), role: z.enum(COMPANY_ROLES) }),
  ),
  apps: z.array(
    z.object({ app_id: z.number(), app_name: z.string(), company_id: z.number(), role: z.enum(APP_ROLES) }),
  ),
  queues: z.array(
    z.object({ queue_id: z.number(), queue_name: z.string(), app_id: z.number(), role: z.enum(QUEUE_ROLES) }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** Without a password the user is mailed an invitation to set one. */
export const AdminCreateUserBody = z.object({
  name: PersonName,
  email: Email,
  password: Password.optional(),
});
export type AdminCreateUserBody = z.infer<typeof AdminCreateUserBody>;

export const AdminListQuery = Paging.extend({ search: OptionalQueryText });
export type AdminListQuery = z.infer<typeof AdminListQuery>;

/** Users of the installation, or only the members of one company or one app (with their role there). */
export const AdminUsersQuery = AdminListQuery.extend({
  company_id: OptionalQueryId,
  app_id: OptionalQueryId,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** `GET /admin/companies`: with `id` one company, without it the list. */
export const AdminCompaniesQuery = AdminListQuery.extend({ id: OptionalQueryId });
export type AdminCompaniesQuery = z.infer<typeof AdminCompaniesQuery>;

export const AdminAppsQuery = Paging.extend({
  id: OptionalQueryId,
  company_id: OptionalQueryId,
  search: OptionalQueryText,
});
export type AdminAppsQuery = z.infer<typeof AdminAppsQuery>;

export const AdminQueuesQuery = Paging.extend({
  id: OptionalQueryId,
  company_id: OptionalQueryId,
  app_id: OptionalQueryId,
});
export type AdminQueuesQuery = z.infer<typeof AdminQueuesQuery>;

export const AdminCreateAppBody = CreateAppBody.extend({ company_id: Id });
export type AdminCreateAppBody = z.infer<typeof AdminCreateAppBody>;

export const UserCompanyBody = z.object({ user_id: Id, company_id: Id, company_role: z.enum(COMPANY_ROLES) });
export type UserCompanyBody = z.infer<typeof UserCompanyBody>;
export const UserCompanyQuery = z.object({ user_id: QueryId, company_id: QueryId });
/** The platform's view of a company membership, in the request's own field names. */
export const UserCompanyLink = z.object({
  user_id: z.number(),
  company_id: z.number(),
  company_role: z.enum(COMPANY_ROLES),
});
export type UserCompanyLink = z.infer<typeof UserCompanyLink>;

export const UserAppBody = z.object({
  user_id: Id,
  app_id: Id,
  app_role: z.enum(APP_ROLES),
  company_id: Id.optional(),
});
export type UserAppBody = z.infer<typeof UserAppBody>;
export const UserAppQuery = z.object({ user_id: QueryId, app_id: QueryId });
export const UserAppLink = z.object({
  user_id: z.number(),
  app_id: z.number(),
  company_id: z.number(),
  app_role: z.enum(APP_ROLES),
});
export type UserAppLink = z.infer<typeof UserAppLink>;

export const UserQueueBody = z.object({ user_id: Id, queue_id: Id, queue_role: z.enum(QUEUE_ROLES) });
export type UserQueueBody = z.infer<typeof UserQueueBody>;
export const UserQueueQuery = z.object({ user_id: QueryId, queue_id: QueryId });
export const UserQueueLink = z.object({
  user_id: z.number(),
  queue_id: z.number(),
  company_id: z.number(),
  queue_role: z.enum(QUEUE_ROLES),
});
export type UserQueueLink = z.infer<typeof UserQueueLink>;
