import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
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
        <form onSubmit={submit} className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>Assign conversation</DialogTitle>
            <DialogDescription>
              The person you choose sees it under Mine and answers the customer.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="assign-user">Assign to</Label>
            <UserPicker id="assign-user" cid={cid} value={userId} onChange={setUserId} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!userId || assign.isPending}>
              {assign.isPending ? 'Assigning...' : 'Assign'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
