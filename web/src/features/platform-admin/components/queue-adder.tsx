import { QUEUE_ROLES, type QueueRole } from '@inbox/contract';
import { useState } from 'react';
import { RoleAndAdd } from '@/components/role-select';
import { NO_CHOICE } from './link-adder';
import { AppPicker, QueuePicker } from './pickers';

interface QueueAdderProps {
  exclude: number[];
  pending: boolean;
  onAdd: (queueId: number, role: QueueRole, done: () => void) => void;
}

/** A queue is found through its app: pick the app, then one of its queues, then the role. */
export function QueueAdder({ exclude, pending, onAdd }: QueueAdderProps) {
  const [app, setApp] = useState(NO_CHOICE);
  const [queue, setQueue] = useState(NO_CHOICE);
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-center">
      <AppPicker
        value={app.id}
        selectedLabel={app.name}
        onChange={(id, name) => {
          setApp({ id, name });
          setQueue(NO_CHOICE);
        }}
      />
      <QueuePicker
        appId={app.id ? Number(app.id) : undefined}
        value={queue.id}
        selectedLabel={queue.name}
        exclude={exclude}
        onChange={(id, name) => setQueue({ id, name })}
      />
      <RoleAndAdd
        label="Queue role"
        roles={QUEUE_ROLES}
        defaultRole="member"
        chosen={!!queue.id}
        pending={pending}
        onAdd={(role) => onAdd(Number(queue.id), role, () => setQueue(NO_CHOICE))}
      />
    </div>
  );
}
