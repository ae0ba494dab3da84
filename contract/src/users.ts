import { z } from 'zod';
import { COMPANY_ROLES, MIN_PASSWORD_LENGTH, USER_STATUSES } from './constants.ts';
import { OptionalQueryText, Paging, ProfileFields } from './envelope.ts';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(320)
  .pipe(z.email('Please enter a valid email address'));

export const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(1024);

export const PersonName = z.string().trim().min(1, 'Name is required').max(200);

/** A member of the caller's company, as the company side lists it. */
export const CompanyUser = z.object({
  ...ProfileFields,
  company_role: z.enum(COMPANY_ROLES),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
});
export type CompanyUser = z.infer<typeof CompanyUser>;

/** A company admin adds a user: an existing account (by email) joins; otherwise one is created. */
export const CreateCompanyUserBody = z.object({
  name: PersonName,
  email: Email,
  password: Password.optional(),
  company_role: z.enum(COMPANY_ROLES).default('agent'),
});
export type CreateCompanyUserBody = z.infer<typeof CreateCompanyUserBody>;

export const ListUsersQuery = Paging.extend({ search: OptionalQueryText });
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

/** Only the company role of a member is writable by a company admin; name, email and password are the user's own. */
export const UpdateCompanyUserBody = z.object({ company_role: z.enum(COMPANY_ROLES) });
export type UpdateCompanyUserBody = z.infer<typeof UpdateCompanyUserBody>;
