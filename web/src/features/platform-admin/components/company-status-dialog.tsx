import type { Company } from '@inbox/contract';
import { useState } from 'react';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSetCompanyStatus } from '../api/companies';
import { FormDialog } from './form-dialog';

interface Props {
  company: Company;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}

/** Suspending or reactivating a company always carries a reason, kept with the company and in activities. */
export function CompanyStatusDialog({ company, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <StatusForm company={company} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

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
    <form onSubmit={submit} className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>
          {suspending ? `Suspend ${company.company_name}?` : `Activate ${company.company_name}?`}
        </DialogTitle>
        <DialogDescription>
          {suspending
            ? 'Its members are refused from their next action until the company is activated again. Its data stays.'
            : 'Its members can work in it again at once.'}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="status_reason">Reason</Label>
        <Textarea
          id="status_reason"
          rows={3}
          autoFocus
          maxLength={1000}
          placeholder={
            suspending ? 'For example: unpaid invoices since March' : 'For example: payment received'
          }
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={setStatus.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant={suspending ? 'destructive' : 'default'} disabled={setStatus.isPending}>
          {setStatus.isPending ? 'Saving...' : suspending ? 'Suspend company' : 'Activate company'}
        </Button>
      </DialogFooter>
    </form>
  );
}
