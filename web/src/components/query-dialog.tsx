import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { DialogPanel } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * A read-only dialog showing what one query loads (webhook info, an integration's deliveries): a skeleton
 * while it loads, the error with a retry, then `children` with the data; Done closes it.
 */
export function QueryDialog<T>({
  open,
  onClose,
  title,
  description,
  query,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  query: UseQueryResult<T>;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className={cn('max-h-[90vh] overflow-y-auto', className)}>
        <DialogPanel title={title} description={description} footer={<Button onClick={onClose}>Done</Button>}>
          {query.isPending ? (
            <Skeleton className="h-40" />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => query.refetch()} />
          ) : (
            children(query.data as T)
          )}
        </DialogPanel>
      </DialogContent>
    </Dialog>
  );
}
