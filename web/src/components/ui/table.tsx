import type * as React from 'react';
import { styled } from '@/lib/styled';
import { cn } from '@/lib/utils';

export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export const TableHeader = styled('thead', '[&_tr]:border-b');
export const TableBody = styled('tbody', '[&_tr:last-child]:border-0');
export const TableRow = styled('tr', 'border-b transition-colors hover:bg-muted/50');
export const TableHead = styled(
  'th',
  'h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-muted-foreground',
);
export const TableCell = styled('td', 'whitespace-nowrap p-2 align-middle');
