import type { Company } from '@inbox/contract';
import { useState } from 'react';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { TextAreaField } from '@/components/form-fields';
import { toastError } from '@/components/server-errors';
import { useSetCompanyStatus } from '../api/companies';

/** Suspending or reactivating a company always carries a reason, kept with the company and in activities. */
export const CompanyStatusDialog = formDialog(StatusForm);

function StatusForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const setStatus = useSetCompanyStatus();
  const [reason, setReason] = useState('');
  const suspending = company.status === 'active';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setStatus.mutate(
      { company_id: company.company_id, status: suspending ? 'suspended' : 'active', reason: reason.trim() },
      { onSuccess: onDone, onError: (err) => toastError(err) },
    );
  };
  return (
    <DialogForm
      title={suspending ? `Suspend ${company.company_name}?` : `Activate ${company.company_name}?`}
      description={
        suspending
          ? 'Its members are refused from their next action until the company is activated again. Its data stays.'
          : 'Its members can work in it again at once.'
      }
      onSubmit={submit}
      onCancel={onDone}
      pending={setStatus.isPending}
      destructive={suspending}
      submitLabel={suspending ? 'Suspend company' : 'Activate company'}
    >
      <TextAreaField
        label="Reason"
        autoFocus
        maxLength={1000}
        placeholder={
          suspending ? 'For example: unpaid invoices since March' : 'For example: payment received'
        }
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </DialogForm>
  );
}
