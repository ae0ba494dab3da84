import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogPanel } from './form-dialog';
import { toastError } from './server-errors';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
}

/** Asks before an action that cannot be undone. The caller closes it when the action succeeds. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  destructive = true,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogPanel
          title={title}
          description={description}
          footer={
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                Cancel
              </Button>
              <Button
                variant={destructive ? 'destructive' : 'default'}
                onClick={onConfirm}
                disabled={pending}
              >
                {pending ? (pendingLabel ?? `${confirmLabel}...`) : confirmLabel}
              </Button>
            </>
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Asks before removing `item` with `mutation` (a TanStack mutation taking the item): open while there is an
 * item, closed on success; a failure shows the server's sentence.
 */
export function ConfirmDelete<T>({
  item,
  onClose,
  onDeleted,
  mutation,
  pendingLabel = 'Deleting...',
  ...texts
}: {
  item: T | null;
  onClose: () => void;
  /** After the delete succeeded and the dialog closed (e.g. leave the page of what is gone). */
  onDeleted?: () => void;
  mutation: {
    isPending: boolean;
    mutate: (item: T, opts: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  };
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
}) {
  return (
    <ConfirmDialog
      {...texts}
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      pendingLabel={pendingLabel}
      pending={mutation.isPending}
      onConfirm={() =>
        item !== null &&
        mutation.mutate(item, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
          onError: (e) => toastError(e),
        })
      }
    />
  );
}
