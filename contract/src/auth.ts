import { z } from 'zod';
import { APP_ROLES, COMPANY_ROLES, COMPANY_STATUSES, MIN_PASSWORD_LENGTH } from './constants.ts';
import { Id, ProfileFields } from './envelope.ts';

export const AppSummary = z.object({ app_id: z.number(), app_name: z.string(), role: z.enum(APP_ROLES) });
export type AppSummary = z.infer<typeof AppSummary>;

export const CompanySummary = z.object({
  company_id: z.number(),
  company_name: z.string(),
  timezone: z.string(),
  role: z.enum(COMPANY_ROLES).describe("the user's effective role; platform admins act as admins"),
  status: z.enum(COMPANY_STATUSES).describe('members of a suspended company cannot act in it'),
  apps: z.array(AppSummary),
  apps_count: z.number(),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

export const User = z.object({
  ...ProfileFields,
  is_platform_admin: z.boolean(),
  company_role: z.enum(COMPANY_ROLES).nullable(),
  companies: z.array(CompanySummary),
  current_company: CompanySummary.nullable(),
});
export type User = z.infer<typeof User>;

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
  /** Optional; `null` or `''` (a client with no stored company) counts as absent. */
  company_id: z.preprocess((v) => (v === null || v === '' ? undefined : v), Id.optional()),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z.object({
  access_token: z.string(),
  current_company: CompanySummary.nullable(),
  companies: z.array(CompanySummary),
  user: User,
});
export type LoginResult = z.infer<typeof LoginResult>;

const NewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(1024);

/** Only name and password are writable on one's own profile; a password change proves the old one. */
export const UpdateMeBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200).optional(),
    password: NewPassword.optional(),
    current_password: z.string().max(1024).optional(),
  })
  .refine((b) => !b.password || !!b.current_password, {
    path: ['current_password'],
    message: 'Current password is required to set a new password',
  });
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const PasswordResetBody = z.object({ email: z.string().trim().min(1, 'Email is required').max(320) });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const PasswordResetResult = z.object({ code: z.literal('success'), message: z.string() });

export const PasswordResetHashBody = z.object({
  hash: z.string().trim().min(1, 'Invalid reset link').max(200),
  password: NewPassword,
});
export type PasswordResetHashBody = z.infer<typeof PasswordResetHashBody>;
