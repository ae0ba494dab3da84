import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { showServerError } from '@/components/server-errors';
import { TimezoneSelect } from '@/components/timezone-select';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { useCreateCompany } from '../api/companies';
import { FormDialog } from './form-dialog';

export const CompanyForm = z.object({
  company_name: z.string().trim().min(1, 'Company name is required').max(200),
  timezone: z.string().min(1, 'Timezone is required'),
});

export function CreateCompanyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <CreateCompanyForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateCompanyForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCompany();
  const form = useForm({
    resolver: zodResolver(CompanyForm),
    defaultValues: { company_name: '', timezone: 'UTC' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (c) => {
        onDone();
        navigate(`/platform-admin/company/${c.company_id}`);
      },
      onError: (err) => showServerError(err, form.setError, ['company_name', 'timezone']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Create company</DialogTitle>
        <DialogDescription>
          A new, empty company. Add its apps and members on the next page.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="new_company_name">Company name</Label>
        <Input
          id="new_company_name"
          autoFocus
          aria-invalid={!!errors.company_name}
          {...form.register('company_name')}
        />
        <FieldError message={errors.company_name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="new_company_timezone">Timezone</Label>
        <TimezoneSelect
          id="new_company_timezone"
          aria-invalid={!!errors.timezone}
          {...form.register('timezone')}
        />
        <FieldError message={errors.timezone?.message} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create company'}
        </Button>
      </DialogFooter>
    </form>
  );
}
