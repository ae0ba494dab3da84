import type { ComponentType, FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** A dialog whose form is mounted only while open, so each opening starts from fresh values. */
export function FormDialog({
  open,
  onOpenChange,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open && children}</DialogContent>
    </Dialog>
  );
}

/** What a form dialog's page holds: whether it is open, and how to close it. */
export interface DialogSlot {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A `FormDialog` around a form body: the dialog takes the body's props but `onDone`, plus `open` and
 * `onOpenChange`, and the body calls `onDone` to close it (after a save, or on Cancel).
 */
export function formDialog<P extends { onDone: () => void }>(Body: ComponentType<P>, className?: string) {
  return function BodyInDialog({ open, onOpenChange, ...rest }: Omit<P, 'onDone'> & DialogSlot) {
    const props = { ...rest, onDone: () => onOpenChange(false) } as unknown as P;
    return (
      <FormDialog open={open} onOpenChange={onOpenChange} className={className}>
        <Body {...props} />
      </FormDialog>
    );
  };
}

/** A dialog's header (title and description), its body, and its footer of buttons. */
export function DialogPanel({
  title,
  description,
  footer,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  footer: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      {children}
      <DialogFooter>{footer}</DialogFooter>
    </>
  );
}

/**
 * The form inside a `FormDialog`: title and description, the fields, then Cancel and the submit button,
 * which shows `pendingLabel` and is disabled (with Cancel) while the request runs.
 */
export function DialogForm({
  title,
  description,
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  pendingLabel = 'Saving...',
  submitDisabled,
  destructive,
  children,
}: {
  title: string;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  pendingLabel?: string;
  submitDisabled?: boolean;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogPanel
        title={title}
        description={description}
        footer={
          <>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending || submitDisabled}
            >
              {pending ? pendingLabel : submitLabel}
            </Button>
          </>
        }
      >
        {children}
      </DialogPanel>
    </form>
  );
}
