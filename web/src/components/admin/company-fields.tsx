import { z } from 'zod';
import { Field } from '@/components/field';
import { FormText } from '@/components/form-fields';
import { TimezoneSelect } from '@/components/timezone-select';
import { type FieldsetProps, fieldsOf } from './fieldset';

export const CompanyForm = z.object({
  company_name: z.string().trim().min(1, 'Company name is required').max(200),
  timezone: z.string().min(1, 'Timezone is required'),
});
export type CompanyValues = z.infer<typeof CompanyForm>;
export const COMPANY_FIELDS = ['company_name', 'timezone'] as const;

/** A company's name and time zone, in the company settings and the platform admin's company forms. */
export function CompanyFieldset<T extends CompanyValues>({ form, disabled, autoFocus }: FieldsetProps<T>) {
  const f = fieldsOf<CompanyValues>(form);
  return (
    <>
      <FormText form={f} name="company_name" label="Company name" autoFocus={autoFocus} disabled={disabled} />
      <Field label="Timezone" error={f.formState.errors.timezone?.message}>
        {(control) => <TimezoneSelect disabled={disabled} {...control} {...f.register('timezone')} />}
      </Field>
    </>
  );
}
