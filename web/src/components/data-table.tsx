import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** Narrow screens hide a column below this width; the row shows what matters of it elsewhere. */
const FROM = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell' };

/** One column of a table: its heading and what each row shows under it. */
export interface Column<T> {
  head: string;
  /** A heading only screen readers need (the row actions). */
  srOnly?: boolean;
  from?: keyof typeof FROM;
  /** Classes of the heading cell (a fixed width). */
  headClassName?: string;
  /** Classes of the row's cell (truncation, muted or tabular text). */
  className?: string;
  cell: (item: T) => ReactNode;
}

/** A table declared by its columns: one heading row, then a row per item. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (item: T) => number;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c.head} className={cn(c.from && FROM[c.from], c.headClassName)}>
              {c.srOnly ? <span className="sr-only">{c.head}</span> : c.head}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((item) => (
          <TableRow key={rowKey(item)}>
            {columns.map((c) => (
              <TableCell key={c.head} className={cn(c.from && FROM[c.from], c.className)}>
                {c.cell(item)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
