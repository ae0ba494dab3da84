import type { AutoResponder } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { BotIcon } from 'lucide-react';
import { useState } from 'react';
import { EditDeleteButtons } from '@/components/admin/edit-delete-buttons';
import { ManagedListCard, ManagedRow } from '@/components/admin/managed-list-card';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { toastError } from '@/components/server-errors';
import { Switch } from '@/components/ui/switch';
import { respondersQuery, useDeleteResponder, useUpdateResponder } from '../api/auto-responders';
import { queuesQuery } from '../api/queues';
import { ResponderDialog } from './responder-dialog';
import { TRIGGER_LABELS } from './responder-triggers';

function whenText(r: AutoResponder) {
  if (r.trigger === 'no_agent_reply') return `No agent reply after ${r.delay_minutes} min`;
  if (r.trigger === 'keyword') return `Keywords: ${r.keywords.join(', ')}`;
  return TRIGGER_LABELS[r.trigger];
}

/** `/admin/apps/{id}`: the app's automatic messages, for its managers and admins. */
export function AutoRespondersCard({
  companyId,
  appId,
  appName,
}: {
  companyId: number;
  appId: number;
  appName: string;
}) {
  const responders = useQuery(respondersQuery(companyId, appId));
  const queues = useQuery(queuesQuery(companyId, appId));
  const update = useUpdateResponder(companyId, appId);
  const remove = useDeleteResponder(companyId, appId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'auto-responder',
    name: (x) => x.name,
    description: 'It stops answering at once, and answers it was still waiting to send are dropped.',
  });
  const [editing, setEditing] = useState<AutoResponder | 'new' | null>(null);
  const queueName = (id: number | null) =>
    id === null ? 'All queues' : (queues.data?.data.find((q) => q.queue_id === id)?.queue_name ?? 'A queue');

  return (
    <ManagedListCard
      title="Auto-responders"
      description={`Messages sent as ${appName} when a conversation starts, outside business hours, when no agent replies in time, or when a customer writes a keyword.`}
      addLabel="Add auto-responder"
      onAdd={() => setEditing('new')}
      query={responders}
      empty={{
        icon: BotIcon,
        title: 'No auto-responders yet',
        description:
          'Greet new conversations, say when the team is back, or answer common questions at once.',
      }}
      item={(r) => (
        <ManagedRow
          key={r.auto_responder_id}
          actions={
            <>
              <Switch
                aria-label={`${r.name} is active`}
                checked={r.is_active}
                disabled={update.isPending}
                onCheckedChange={(on) =>
                  update.mutate(
                    { id: r.auto_responder_id, body: { is_active: on } },
                    { onError: (e) => toastError(e) },
                  )
                }
              />
              <EditDeleteButtons
                name={r.name}
                onEdit={() => setEditing(r)}
                onDelete={() => confirmDelete.ask(r)}
              />
            </>
          }
        >
          <p className="font-medium">{r.name}</p>
          <p className="text-muted-foreground text-xs">
            {whenText(r)} · {queueName(r.queue_id)}
          </p>
          <p className="line-clamp-2 break-words text-sm">{r.message}</p>
        </ManagedRow>
      )}
    >
      <ResponderDialog
        companyId={companyId}
        appId={appId}
        queues={queues.data?.data ?? []}
        responder={editing === 'new' ? undefined : (editing ?? undefined)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      {confirmDelete.dialog}
    </ManagedListCard>
  );
}
