import type * as React from 'react';
import { useState } from 'react';
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

export interface DeleteMutation<T> {
  isPending: boolean;
  mutate: (item: T, opts: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}

/**
 * Asks before removing `item` with `mutation` (a TanStack mutation taking the item): open while there is an
 * item, closed on success; a failure shows the server's sentence.
 */
function ConfirmDelete<T>({
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
  onDeleted?: (item: T) => void;
  mutation: DeleteMutation<T>;
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
            onDeleted?.(item);
          },
          onError: (e) => toastError(e),
        })
      }
    />
  );
}

interface DeleteTexts<T> {
  /** What is removed, for the button and for the title of an item without a name: "queue", "API key". */
  noun: string;
  /** The item's own name, for the title ("Delete Billing?"). */
  name?: (item: T) => string;
  description: React.ReactNode;
  /** "Remove" where only a link goes and the thing itself stays (a member of the company). */
  verb?: 'Delete' | 'Remove';
  /** After the delete succeeded and the dialog closed (e.g. leave the page of what is gone). */
  onDeleted?: (item: T) => void;
}

/**
 * The confirmation before a delete, with the item it asks about: `ask(item)` opens it, `dialog` is rendered
 * once in the page. Title and button follow from the noun: "Delete {name}?", "Delete {noun}", "Deleting...".
 */
export function useConfirmDelete<T>(
  mutation: DeleteMutation<T>,
  { noun, name, description, verb = 'Delete', onDeleted }: DeleteTexts<T>,
) {
  const [item, setItem] = useState<T | null>(null);
  const dialog = (
    <ConfirmDelete
      item={item}
      onClose={() => setItem(null)}
      onDeleted={onDeleted}
      mutation={mutation}
      title={`${verb} ${(item !== null && name?.(item)) || noun}?`}
      description={description}
      confirmLabel={`${verb} ${noun}`}
      pendingLabel={verb === 'Remove' ? 'Removing...' : 'Deleting...'}
    />
  );
  return { ask: setItem, dialog };
}
