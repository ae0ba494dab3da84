import type { Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { toastError } from '@/components/server-errors';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { adminQueuesQuery, useDeleteAdminQueue } from '../api/queues';
import { QueueDialog } from './queue-dialog';

export function AppQueuesCard({ appId }: { appId: number }) {
  const queues = useQuery(adminQueuesQuery({ app_id: appId, limit: 100 }));
  const remove = useDeleteAdminQueue();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Queue | null>(null);
  const [deleting, setDeleting] = useState<Queue | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Queues</CardTitle>
          <CardDescription>Teams of this app. Members are managed on each user's page.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          Create queue
        </Button>
      </CardHeader>
      <CardContent>
        {queues.isPending ? (
          <ListSkeleton rows={2} label="Loading queues" />
        ) : queues.isError ? (
          <ErrorState error={queues.error} onRetry={() => queues.refetch()} />
        ) : queues.data.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-muted-foreground text-sm">
            No queues yet. Create one such as Support or Billing.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {queues.data.data.map((q) => (
              <li key={q.queue_id} className="flex items-center gap-2 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-sm">{q.queue_name}</p>
                  <div className="mt-1 flex flex-wrap items-center gap-1">
                    <ToneBadge tone={q.is_private ? 'warning' : 'info'}>
                      {q.is_private ? 'Private' : 'Public'}
                    </ToneBadge>
                    <ToneBadge tone={q.is_active ? 'success' : 'muted'}>
                      {q.is_active ? 'Active' : 'Inactive'}
                    </ToneBadge>
                    <span className="text-muted-foreground text-xs">
                      {q.members_count} {q.members_count === 1 ? 'member' : 'members'}
                    </span>
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${q.queue_name}`}
                  onClick={() => setEditing(q)}
                >
                  <PencilIcon />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${q.queue_name}`}
                  onClick={() => setDeleting(q)}
                >
                  <Trash2Icon />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <QueueDialog open={creating} onOpenChange={setCreating} appId={appId} />
      <QueueDialog
        open={!!editing}
        onOpenChange={(o) => !o && setEditing(null)}
        queue={editing ?? undefined}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.queue_name ?? 'queue'}?`}
        description="Its members are removed from it. Its conversations stay in the app without a queue."
        confirmLabel="Delete queue"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, { onSuccess: () => setDeleting(null), onError: (e) => toastError(e) })
        }
      />
    </Card>
  );
}
