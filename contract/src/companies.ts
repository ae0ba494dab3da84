import { z } from 'zod';
import { BusinessHours, BusinessHoursBody } from './business-hours.ts';
import { COMPANY_STATUSES } from './constants.ts';
import { Id } from './envelope.ts';

const isTimezone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const Timezone = z
  .string()
  .trim()
  .min(1, 'Timezone is required')
  .refine(isTimezone, 'Unknown timezone');

export const Company = z.object({
  company_id: z.number(),
  company_name: z.string(),
  timezone: z.string(),
  auto_assign_on_reply: z
    .boolean()
    .describe('a reply to an unassigned conversation assigns it to the agent who replies (default true)'),
  business_hours: BusinessHours.nullable().describe('when the company is open; null: always open'),
  status: z.enum(COMPANY_STATUSES),
  status_reason: z.string().nullable(),
  apps_count: z.number(),
  members_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof Company>;

export const CompanyName = z.string().trim().min(1, 'Company name is required').max(200);

export const CreateCompanyBody = z.object({ company_name: CompanyName, timezone: Timezone.default('UTC') });
export type CreateCompanyBody = z.infer<typeof CreateCompanyBody>;

export const UpdateCompanyBody = z.object({
  company_name: CompanyName.optional(),
  timezone: Timezone.optional(),
  auto_assign_on_reply: z.boolean('Must be true or false').optional(),
  business_hours: BusinessHoursBody.nullable().optional().describe('null removes them: always open'),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

export const CompanyStatusBody = z.object({
  company_id: Id,
  status: z.enum(COMPANY_STATUSES, 'Status must be active or suspended'),
  reason: z.string().trim().max(1000).optional().default(''),
});
export type CompanyStatusBody = z.infer<typeof CompanyStatusBody>;
