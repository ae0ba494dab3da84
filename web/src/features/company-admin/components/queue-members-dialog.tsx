import { QUEUE_ROLES, type Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { queueMembersQuery, useQueueMemberWrites } from '../api/queue-members';
import { MembersEditor } from './members-editor';

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
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Members of {queue.queue_name}</DialogTitle>
        <DialogDescription>
          Members receive this queue's conversations. Queue managers can also assign and transfer them.
        </DialogDescription>
      </DialogHeader>
      <MembersEditor
        companyId={companyId}
        kind="queue"
        roles={QUEUE_ROLES}
        defaultRole="member"
        canEdit
        members={useQuery(queueMembersQuery(companyId, queue.queue_id))}
        writes={useQueueMemberWrites(companyId, queue.app_id, queue.queue_id)}
        loading="Loading members"
        empty="No members yet. Add the people who should answer this queue."
      />
    </div>
  );
}
