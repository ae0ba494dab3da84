import type { Queue } from '@inbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { LayersIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EditDeleteButtons } from '@/components/admin/edit-delete-buttons';
import { type DeleteMutation, useConfirmDelete } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import type { DialogSlot } from '@/components/form-dialog';
import { QueryView } from '@/components/query-view';
import { ActiveBadge, ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';

const memberCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

export interface QueueDialogSlot extends DialogSlot {
  /** Undefined: create a queue. */
  queue?: Queue;
}

/**
 * An app's queues with create, edit and delete, on the company admin's and the platform admin's app pages.
 * The page brings its own list, delete call and queue dialog; `onMembers` makes the member count a button.
 */
export function QueuesCard({
  description,
  queues,
  remove,
  dialog,
  onMembers,
}: {
  description: string;
  queues: UseQueryResult<{ data: Queue[] }>;
  remove: DeleteMutation<Queue>;
  dialog: (slot: QueueDialogSlot) => ReactNode;
  onMembers?: (q: Queue) => void;
}) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Queue | null>(null);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'queue',
    name: (q) => q.queue_name,
    description:
      'Its members are removed from it. Its conversations move to the app without a queue, each with a note in its thread.',
  });
  return (
    <Card>
      <CardHeaderWithAction
        title="Queues"
        description={description}
        action={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            Create queue
          </Button>
        }
      />
      <CardContent>
        <QueryView
          query={queues}
          loading="Loading queues"
          rows={3}
          empty={
            <EmptyState
              icon={LayersIcon}
              title="No queues yet"
              description="Create a queue such as Support or Billing, then add the people who answer it."
            />
          }
        >
          {(data) => (
            <ul className="divide-y rounded-lg border">
              {data.data.map((q) => (
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
                      <ActiveBadge active={q.is_active} />
                      {!onMembers && (
                        <span className="text-muted-foreground text-xs">{memberCount(q.members_count)}</span>
                      )}
                    </div>
                    {q.description && <p className="text-muted-foreground text-sm">{q.description}</p>}
                  </div>
                  <div className="flex items-center gap-1">
                    {onMembers && (
                      <Button variant="outline" size="sm" onClick={() => onMembers(q)}>
                        <UsersIcon aria-hidden />
                        {memberCount(q.members_count)}
                        <span className="sr-only"> of {q.queue_name}</span>
                      </Button>
                    )}
                    <EditDeleteButtons
                      name={q.queue_name}
                      onEdit={() => setEditing(q)}
                      onDelete={() => confirmDelete.ask(q)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </CardContent>
      {dialog({ open: creating, onOpenChange: setCreating })}
      {dialog({
        queue: editing ?? undefined,
        open: !!editing,
        onOpenChange: (open) => !open && setEditing(null),
      })}
      {confirmDelete.dialog}
    </Card>
  );
}
