import { zodResolver } from '@hookform/resolvers/zod';
import type { Queue } from '@inbox/contract';
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
import { useCreateQueue, useUpdateQueue } from '../api/queues';

const QueueForm = z.object({
  queue_name: z.string().trim().min(1, 'Queue name is required').max(200),
  description: z.string().trim().max(2000),
  is_private: z.boolean(),
  is_active: z.boolean(),
});

interface QueueFormDialogProps {
  companyId: number;
  appId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  queue?: Queue;
}

export function QueueFormDialog({ open, onOpenChange, ...rest }: QueueFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <QueueFormBody {...rest} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function QueueFormBody({
  companyId,
  appId,
  queue,
  onDone,
}: Omit<QueueFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const create = useCreateQueue(companyId, appId);
  const update = useUpdateQueue(companyId, appId);
  const form = useForm({
    resolver: zodResolver(QueueForm),
    defaultValues: {
      queue_name: queue?.queue_name ?? '',
      description: queue?.description ?? '',
      is_private: queue?.is_private ?? false,
      is_active: queue?.is_active ?? true,
    },
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit((values) => {
    const onError = (err: unknown) =>
      showServerError(err, form.setError, ['queue_name', 'description', 'is_private', 'is_active']);
    if (queue) update.mutate({ id: queue.queue_id, body: values }, { onSuccess: onDone, onError });
    else create.mutate({ ...values, app_id: appId }, { onSuccess: onDone, onError });
  });

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>{queue ? 'Edit queue' : 'Create queue'}</DialogTitle>
        <DialogDescription>
          A queue is a team that answers one kind of question, such as Billing or Technical support.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="queue_name">Queue name</Label>
        <Input
          id="queue_name"
          autoFocus
          aria-invalid={!!errors.queue_name}
          {...form.register('queue_name')}
        />
        <FieldError message={errors.queue_name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="queue_description">Description</Label>
        <Textarea
          id="queue_description"
          rows={2}
          placeholder="Shown to your team (optional)"
          aria-invalid={!!errors.description}
          {...form.register('description')}
        />
        <FieldError message={errors.description?.message} />
      </div>
      <Controller
        control={form.control}
        name="is_private"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <div className="space-y-1">
              <Label htmlFor="queue_private">Private</Label>
              <p className="text-muted-foreground text-xs">
                Only its members and the app's admins and managers see it. Customers cannot pick it in the
                portal.
              </p>
            </div>
            <Switch id="queue_private" checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <div className="space-y-1">
              <Label htmlFor="queue_active">Active</Label>
              <p className="text-muted-foreground text-xs">Inactive queues take no new conversations.</p>
            </div>
            <Switch id="queue_active" checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />
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
