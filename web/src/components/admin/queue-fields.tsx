import type { Queue } from '@inbox/contract';
import { z } from 'zod';
import { FormText, FormTextArea, SwitchField } from '@/components/form-fields';
import { type FieldsetProps, fieldsOf } from './fieldset';

export const QueueForm = z.object({
  queue_name: z.string().trim().min(1, 'Queue name is required').max(200),
  description: z.string().trim().max(2000),
  is_private: z.boolean(),
  is_active: z.boolean(),
});
export type QueueValues = z.infer<typeof QueueForm>;
export const QUEUE_FIELDS = ['queue_name', 'description', 'is_private', 'is_active'] as const;

export const queueDefaults = (queue?: Queue): QueueValues => ({
  queue_name: queue?.queue_name ?? '',
  description: queue?.description ?? '',
  is_private: queue?.is_private ?? false,
  is_active: queue?.is_active ?? true,
});

export const QUEUE_FORM_DESCRIPTION =
  'A queue is a team that answers one kind of question, such as Billing or Technical support.';

/** A queue's name, description, private and active switches, in both admins' queue dialogs. */
export function QueueFieldset<T extends QueueValues>({ form, autoFocus }: FieldsetProps<T>) {
  const f = fieldsOf<QueueValues>(form);
  const control = f.control;
  return (
    <>
      <FormText form={f} name="queue_name" label="Queue name" autoFocus={autoFocus} />
      <FormTextArea
        form={f}
        name="description"
        label="Description"
        rows={2}
        placeholder="Shown to your team (optional)"
      />
      <SwitchField
        control={control}
        name="is_private"
        label="Private"
        hint="Only its members and the app's admins and managers see it. Customers cannot pick it in the portal."
      />
      <SwitchField
        control={control}
        name="is_active"
        label="Active"
        hint="Inactive queues take no new conversations."
      />
    </>
  );
}
