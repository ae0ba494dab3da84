import { zodResolver } from '@hookform/resolvers/zod';
import type { Queue } from '@inbox/contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCreateAdminQueue, useUpdateAdminQueue } from '../api/queues';
import { FormDialog } from './form-dialog';
import { AppPicker, CompanyPicker } from './pickers';

const QueueForm = z.object({
  company_id: z.string(),
  app_id: z.string().min(1, 'Choose an app'),
  queue_name: z.string().trim().min(1, 'Queue name is required').max(200),
  description: z.string().trim().max(2000),
  is_private: z.boolean(),
  is_active: z.boolean(),
});

interface QueueDialogProps {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** Given: create in (or edit a queue of) this app; otherwise company and app are chosen. */
  appId?: number;
  queue?: Queue;
}

export function QueueDialog({ open, onOpenChange, ...rest }: QueueDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <QueueFormBody {...rest} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function QueueFormBody({
  appId,
  queue,
  onDone,
}: Omit<QueueDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const create = useCreateAdminQueue();
  const update = useUpdateAdminQueue();
  const fixedApp = appId ?? queue?.app_id;
  const form = useForm({
    resolver: zodResolver(QueueForm),
    defaultValues: {
      company_id: '',
      app_id: fixedApp ? String(fixedApp) : '',
      queue_name: queue?.queue_name ?? '',
      description: queue?.description ?? '',
      is_private: queue?.is_private ?? false,
      is_active: queue?.is_active ?? true,
    },
  });
  const { errors } = form.formState;
  const companyId = form.watch('company_id');
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit(({ company_id: _, app_id, ...body }) => {
    const onError = (err: unknown) =>
      showServerError(err, form.setError, ['app_id', 'queue_name', 'description', 'is_private', 'is_active']);
    if (queue) update.mutate({ id: queue.queue_id, body }, { onSuccess: onDone, onError });
    else create.mutate({ ...body, app_id: Number(app_id) }, { onSuccess: onDone, onError });
  });
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>{queue ? 'Edit queue' : 'Create queue'}</DialogTitle>
        <DialogDescription>A team inside an app that answers one kind of question.</DialogDescription>
      </DialogHeader>
      {!fixedApp && (
        <>
          <div className="grid gap-2">
            <Label htmlFor="queue_company">Company</Label>
            <Controller
              control={form.control}
              name="company_id"
              render={({ field }) => (
                <CompanyPicker
                  id="queue_company"
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    form.setValue('app_id', '');
                  }}
                />
              )}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="queue_app">App</Label>
            <Controller
              control={form.control}
              name="app_id"
              render={({ field }) => (
                <AppPicker
                  id="queue_app"
                  companyId={companyId ? Number(companyId) : undefined}
                  disabled={!companyId}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  invalid={!!errors.app_id}
                />
              )}
            />
            <FieldError message={errors.app_id?.message} />
          </div>
        </>
      )}
      <div className="grid gap-2">
        <Label htmlFor="pa_queue_name">Queue name</Label>
        <Input
          id="pa_queue_name"
          autoFocus={!!fixedApp}
          aria-invalid={!!errors.queue_name}
          {...form.register('queue_name')}
        />
        <FieldError message={errors.queue_name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="pa_queue_description">Description</Label>
        <Textarea
          id="pa_queue_description"
          rows={2}
          placeholder="Optional"
          {...form.register('description')}
        />
        <FieldError message={errors.description?.message} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="is_private"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <Label htmlFor="pa_queue_private">Private</Label>
              <Switch id="pa_queue_private" checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <Label htmlFor="pa_queue_active">Active</Label>
              <Switch id="pa_queue_active" checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : queue ? 'Save changes' : 'Create queue'}
        </Button>
      </DialogFooter>
    </form>
  );
}
