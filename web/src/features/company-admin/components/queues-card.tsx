import type { Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { LayersIcon, PencilIcon, PlusIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { toastError } from '@/components/server-errors';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { queuesQuery, useDeleteQueue } from '../api/queues';
import { QueueFormDialog } from './queue-form-dialog';
import { QueueMembersDialog } from './queue-members-dialog';

const memberCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

export function QueuesCard({ companyId, appId }: { companyId: number; appId: number }) {
  const queues = useQuery(queuesQuery(companyId, appId));
  const remove = useDeleteQueue(companyId, appId);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Queue | null>(null);
  const [membersOf, setMembersOf] = useState<Queue | null>(null);
  const [deleting, setDeleting] = useState<Queue | null>(null);

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Queues</CardTitle>
          <CardDescription>
            Teams inside this app. Conversations arrive in a queue and its members answer them.
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          Create queue
        </Button>
      </CardHeader>
      <CardContent>
        {queues.isPending ? (
          <ListSkeleton rows={3} label="Loading queues" />
        ) : queues.isError ? (
          <ErrorState error={queues.error} onRetry={() => queues.refetch()} />
        ) : queues.data.data.length === 0 ? (
          <EmptyState
            icon={LayersIcon}
            title="No queues yet"
            description="Create a queue such as Support or Billing, then add the people who answer it."
          />
        ) : (
          <ul className="divide-y rounded-lg border">
            {queues.data.data.map((q) => (
              <li
                key={q.queue_id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
                data-testid="queue-row"
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{q.queue_name}</span>
                    <ToneBadge tone={q.is_private ? 'warning' : 'info'}>
                      {q.is_private ? 'Private' : 'Public'}
                    </ToneBadge>
                    <ToneBadge tone={q.is_active ? 'success' : 'muted'}>
                      {q.is_active ? 'Active' : 'Inactive'}
                    </ToneBadge>
                  </div>
                  {q.description && <p className="text-muted-foreground text-sm">{q.description}</p>}
                </div>
                <div className="flex items-center gap-1">
                  <Button variant="outline" size="sm" onClick={() => setMembersOf(q)}>
                    <UsersIcon aria-hidden />
                    {q.members_count} {q.members_count === 1 ? 'member' : 'members'}
                    <span className="sr-only"> of {q.queue_name}</span>
                  </Button>
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
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <QueueFormDialog companyId={companyId} appId={appId} open={creating} onOpenChange={setCreating} />
      <QueueFormDialog
        companyId={companyId}
        appId={appId}
        queue={editing ?? undefined}
        open={!!editing}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <QueueMembersDialog
        companyId={companyId}
        queue={membersOf}
        onOpenChange={(open) => !open && setMembersOf(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
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
