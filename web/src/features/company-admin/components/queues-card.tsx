import type { Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueuesCard } from '@/components/admin/queues-card';
import { queuesQuery, useDeleteQueue } from '../api/queues';
import { QueueFormDialog } from './queue-form-dialog';
import { QueueMembersDialog } from './queue-members-dialog';

/** The queues of an app on its company admin page, each with its members. */
export function AppQueuesCard({ companyId, appId }: { companyId: number; appId: number }) {
  const [membersOf, setMembersOf] = useState<Queue | null>(null);
  return (
    <>
      <QueuesCard
        description="Teams inside this app. Conversations arrive in a queue and its members answer them."
        queues={useQuery(queuesQuery(companyId, appId))}
        remove={useDeleteQueue(companyId, appId)}
        dialog={(slot) => <QueueFormDialog companyId={companyId} appId={appId} {...slot} />}
        onMembers={setMembersOf}
      />
      <QueueMembersDialog
        companyId={companyId}
        queue={membersOf}
        onOpenChange={(open) => !open && setMembersOf(null)}
      />
    </>
  );
}
