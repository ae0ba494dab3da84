import { QUEUE_ROLES, type Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { EmptyNote, QueryView } from '@/components/query-view';
import { toastError } from '@/components/server-errors';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  queueMembersQuery,
  useAddQueueMember,
  useRemoveQueueMember,
  useUpdateQueueMember,
} from '../api/queue-members';
import { MemberAdder } from './member-adder';
import { MemberList } from './member-list';

interface QueueMembersDialogProps {
  companyId: number;
  queue: Queue | null;
  onOpenChange: (open: boolean) => void;
}

export function QueueMembersDialog({ companyId, queue, onOpenChange }: QueueMembersDialogProps) {
  return (
    <Dialog open={!!queue} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {queue && <QueueMembersBody companyId={companyId} queue={queue} />}
      </DialogContent>
    </Dialog>
  );
}

function QueueMembersBody({ companyId, queue }: { companyId: number; queue: Queue }) {
  const members = useQuery(queueMembersQuery(companyId, queue.queue_id));
  const add = useAddQueueMember(companyId, queue.app_id, queue.queue_id);
  const update = useUpdateQueueMember(companyId, queue.app_id, queue.queue_id);
  const remove = useRemoveQueueMember(companyId, queue.app_id, queue.queue_id);
  const list = members.data?.data ?? [];
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Members of {queue.queue_name}</DialogTitle>
        <DialogDescription>
          Members receive this queue's conversations. Queue managers can also assign and transfer them.
        </DialogDescription>
      </DialogHeader>
      <MemberAdder
        companyId={companyId}
        roles={QUEUE_ROLES}
        defaultRole="member"
        memberIds={list.map((m) => m.user_id)}
        target="queue"
        pending={add.isPending}
        onAdd={(userId, role, done) =>
          add.mutate(
            { queue_id: queue.queue_id, user_id: userId, role },
            { onSuccess: done, onError: (e) => toastError(e) },
          )
        }
      />
      <QueryView
        query={members}
        loading="Loading members"
        rows={3}
        empty={<EmptyNote>No members yet. Add the people who should answer this queue.</EmptyNote>}
      >
        {() => (
          <MemberList
            members={list}
            roles={QUEUE_ROLES}
            canEdit
            target="queue"
            busy={update.isPending || remove.isPending}
            onRoleChange={(m, role) =>
              update.mutate({ userId: m.user_id, role }, { onError: (e) => toastError(e) })
            }
            onRemove={(m) => remove.mutate(m, { onError: (e) => toastError(e) })}
          />
        )}
      </QueryView>
    </div>
  );
}
