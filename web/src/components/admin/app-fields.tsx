import { type App, CsatSettings, DEFAULT_CSAT_QUESTION } from '@inbox/contract';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormText, FormTextArea, SwitchField } from '@/components/form-fields';
import { type FieldsetProps, fieldsOf } from './fieldset';

export const AppForm = z.object({
  app_name: z.string().trim().min(1, 'App name is required').max(200),
  description: z.string().trim().max(2000),
  is_active: z.boolean(),
  // Contract section 14: whether a resolution asks the customer for a rating, and the question.
  csat: CsatSettings,
});
export type AppValues = z.infer<typeof AppForm>;
export const APP_FIELDS = ['app_name', 'description', 'is_active', 'csat.question'] as const;

export const appDefaults = (app?: App): AppValues => ({
  app_name: app?.app_name ?? '',
  description: app?.description ?? '',
  is_active: app?.is_active ?? true,
  csat: app?.csat ?? { enabled: false, question: DEFAULT_CSAT_QUESTION },
});

/**
 * An app's name, description, active switch and satisfaction survey, in the company admin's and the platform
 * admin's forms.
 */
export function AppFieldset<T extends AppValues>({ form, disabled, autoFocus }: FieldsetProps<T>) {
  const f = fieldsOf<AppValues>(form);
  const asking = useWatch({ control: f.control, name: 'csat.enabled' });
  return (
    <>
      <FormText form={f} name="app_name" label="App name" autoFocus={autoFocus} disabled={disabled} />
      <FormTextArea
        form={f}
        name="description"
        label="Description"
        placeholder="What customers reach through this app (optional)"
        disabled={disabled}
      />
      <SwitchField
        control={f.control}
        name="is_active"
        label="Active"
        hint="Inactive apps accept no new conversations."
        disabled={disabled}
      />
      <SwitchField
        control={f.control}
        name="csat.enabled"
        label="Customer satisfaction survey"
        hint="When an agent resolves a conversation, the customer is asked to rate it from 1 to 5."
        disabled={disabled}
      />
      {asking && <FormText form={f} name="csat.question" label="Rating question" disabled={disabled} />}
    </>
  );
}

/** What deleting an app takes with it, in both admins' confirmation. */
export const DELETE_APP =
  'The app is deleted with its queues, members and conversations. This cannot be undone.';
