import type { UseFormReturn } from 'react-hook-form';
import { QueueDialog, type QueueDialogValues } from '@/components/admin/queue-dialog';
import type { QueueDialogSlot } from '@/components/admin/queues-card';
import { PickerField } from '@/components/form-fields';
import { useAdminQueueWrites } from '../api/queues';
import { AppPicker, CompanyPicker } from './pickers';

/** The queue dialog for a platform admin: without an app given, the company and then the app are chosen. */
export function AdminQueueDialog(props: QueueDialogSlot & { appId?: number }) {
  return (
    <QueueDialog {...props} writes={useAdminQueueWrites()} chooseApp={(form) => <ChooseApp form={form} />} />
  );
}

function ChooseApp({ form }: { form: UseFormReturn<QueueDialogValues> }) {
  const companyId = form.watch('company_id');
  return (
    <>
      <PickerField control={form.control} name="company_id" label="Company">
        {(slot) => (
          <CompanyPicker
            {...slot}
            onChange={(v) => {
              slot.onChange(v);
              form.setValue('app_id', '');
            }}
          />
        )}
      </PickerField>
      <PickerField
        control={form.control}
        name="app_id"
        label="App"
        error={form.formState.errors.app_id?.message}
      >
        {(slot) => (
          <AppPicker {...slot} companyId={companyId ? Number(companyId) : undefined} disabled={!companyId} />
        )}
      </PickerField>
    </>
  );
}
