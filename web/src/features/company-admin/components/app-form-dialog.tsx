import { zodResolver } from '@hookform/resolvers/zod';
import type { App } from '@inbox/contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCreateApp, useUpdateApp } from '../api/apps';

export const AppForm = z.object({
  app_name: z.string().trim().min(1, 'App name is required').max(200),
  description: z.string().trim().max(2000),
  is_active: z.boolean(),
});

interface AppFormDialogProps {
  companyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Given: edit this app; otherwise create one. */
  app?: App;
}

export function AppFormDialog({ open, onOpenChange, ...rest }: AppFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts from the app's current values. */}
        {open && <AppFormBody {...rest} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AppFormBody({
  companyId,
  app,
  onDone,
}: Omit<AppFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const create = useCreateApp(companyId);
  const update = useUpdateApp(companyId);
  const form = useForm({
    resolver: zodResolver(AppForm),
    defaultValues: {
      app_name: app?.app_name ?? '',
      description: app?.description ?? '',
      is_active: app?.is_active ?? true,
    },
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  const fields = ['app_name', 'description', 'is_active'] as const;

  const submit = form.handleSubmit((values) => {
    const onError = (err: unknown) => showServerError(err, form.setError, fields);
    if (app) update.mutate({ id: app.app_id, body: values }, { onSuccess: onDone, onError });
    else create.mutate(values, { onSuccess: onDone, onError });
  });

  return (
    <form onSubmit={submit} className="grid min-w-0 grid-cols-1 gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{app ? 'Edit app' : 'Create app'}</DialogTitle>
        <DialogDescription>
          {app
            ? 'Change how this app is named and described, or take it offline.'
            : 'An app is a brand or product your customers contact. Queues and members are set up inside it.'}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="app_name">App name</Label>
        <Input
          id="app_name"
          autoFocus
          aria-invalid={!!errors.app_name}
          aria-describedby="app_name-error"
          {...form.register('app_name')}
        />
        <FieldError id="app_name-error" message={errors.app_name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="app_description">Description</Label>
        <Textarea
          id="app_description"
          rows={3}
          placeholder="What customers reach through this app (optional)"
          aria-invalid={!!errors.description}
          {...form.register('description')}
        />
        <FieldError message={errors.description?.message} />
      </div>
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <div className="space-y-1">
              <Label htmlFor="app_active">Active</Label>
              <p className="text-muted-foreground text-xs">Inactive apps accept no new conversations.</p>
            </div>
            <Switch id="app_active" checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : app ? 'Save changes' : 'Create app'}
        </Button>
      </DialogFooter>
    </form>
  );
}
