import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/components/form-fields';
import { TimezoneSelect } from '@/components/timezone-select';
import { TextField } from '@/components/ui/text-field';
import { fieldsOf } from './fieldset';

export const CompanyForm = z.object({
  company_name: z.string().trim().min(1, 'Company name is required').max(200),
  timezone: z.string().min(1, 'Timezone is required'),
});
export type CompanyValues = z.infer<typeof CompanyForm>;
export const COMPANY_FIELDS = ['company_name', 'timezone'] as const;

/** A company's name and time zone, in the company settings and the platform admin's company forms. */
export function CompanyFieldset<T extends CompanyValues>({
  form,
  disabled,
  autoFocus,
}: {
  form: UseFormReturn<T>;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { register, formState } = fieldsOf<CompanyValues>(form);
  const { errors } = formState;
  return (
    <>
      <TextField
        label="Company name"
        autoFocus={autoFocus}
        disabled={disabled}
        error={errors.company_name?.message}
        {...register('company_name')}
      />
      <Field label="Timezone" error={errors.timezone?.message}>
        {(control) => <TimezoneSelect disabled={disabled} {...control} {...register('timezone')} />}
      </Field>
    </>
  );
}
