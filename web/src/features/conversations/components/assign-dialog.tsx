import { type FormEvent, useState } from 'react';
import { Field } from '@/components/field';
import { DialogForm } from '@/components/form-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useAssign } from '../api-actions';
import { UserPicker } from './user-picker';

interface AssignDialogProps {
  cid: number;
  conversationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Assign to a colleague. Someone who cannot work the conversation's queue is refused by the server (422). */
export function AssignDialog({ cid, conversationId, open, onOpenChange }: AssignDialogProps) {
  const [userId, setUserId] = useState('');
  const assign = useAssign(cid);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!userId) return;
    assign.mutate(
      { conversation_id: conversationId, user_id: Number(userId) },
      { onSuccess: () => onOpenChange(false) },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setUserId('');
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogForm
          title="Assign conversation"
          description="The person you choose sees it under Mine and answers the customer."
          onSubmit={submit}
          onCancel={() => onOpenChange(false)}
          pending={assign.isPending}
          pendingLabel="Assigning..."
          submitLabel="Assign"
          submitDisabled={!userId}
        >
          <Field label="Assign to">
            {(control) => <UserPicker id={control.id} cid={cid} value={userId} onChange={setUserId} />}
          </Field>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
