import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCreateAdminApp } from '../api/apps';
import { FormDialog } from './form-dialog';
import { CompanyPicker } from './pickers';

const CreateAppSchema = z.object({
  company_id: z.string().min(1, 'Choose a company'),
  app_name: z.string().trim().min(1, 'App name is required').max(200),
  description: z.string().trim().max(2000),
  is_active: z.boolean(),
});

interface CreateAppDialogProps {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** Given: the app is created in this company and no company is asked for. */
  company?: { company_id: number; company_name: string };
}

export function CreateAppDialog({ open, onOpenChange, company }: CreateAppDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <CreateAppForm company={company} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateAppForm({
  company,
  onDone,
}: {
  company?: CreateAppDialogProps['company'];
  onDone: () => void;
}) {
  const create = useCreateAdminApp();
  const form = useForm({
    resolver: zodResolver(CreateAppSchema),
    defaultValues: {
      company_id: company ? String(company.company_id) : '',
      app_name: '',
      description: '',
      is_active: true,
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ company_id, ...rest }) =>
    create.mutate(
      { ...rest, company_id: Number(company_id) },
      {
        onSuccess: onDone,
        onError: (err) =>
          showServerError(err, form.setError, ['company_id', 'app_name', 'description', 'is_active']),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Create app</DialogTitle>
        <DialogDescription>
          {company ? `A new app of ${company.company_name}.` : 'A brand or product of one company.'}
        </DialogDescription>
      </DialogHeader>
      {!company && (
        <div className="grid gap-2">
          <Label htmlFor="new_app_company">Company</Label>
          <Controller
            control={form.control}
            name="company_id"
            render={({ field }) => (
              <CompanyPicker
                id="new_app_company"
                value={field.value}
                onChange={(v) => field.onChange(v)}
                invalid={!!errors.company_id}
              />
            )}
          />
          <FieldError message={errors.company_id?.message} />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="new_app_name">App name</Label>
        <Input
          id="new_app_name"
          autoFocus={!!company}
          aria-invalid={!!errors.app_name}
          {...form.register('app_name')}
        />
        <FieldError message={errors.app_name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="new_app_description">Description</Label>
        <Textarea
          id="new_app_description"
          rows={2}
          placeholder="Optional"
          {...form.register('description')}
        />
        <FieldError message={errors.description?.message} />
      </div>
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <Label htmlFor="new_app_active">Active</Label>
            <Switch id="new_app_active" checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create app'}
        </Button>
      </DialogFooter>
    </form>
  );
}
