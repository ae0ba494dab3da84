import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';

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
