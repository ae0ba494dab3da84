import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** Narrow screens hide a column below this width; the row shows what matters of it elsewhere. */
const FROM = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell' };

type SortValue = number | string | null;

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
  /** Makes the heading a sort button on this value; rows without one (null) come last either way. */
  sortValue?: (item: T) => SortValue;
  /** The first click sorts largest first (numbers), not A to Z. */
  descFirst?: boolean;
}

export interface Sort {
  head: string;
  desc: boolean;
}

function sorted<T>(rows: T[], column: Column<T> | undefined, desc: boolean) {
  const value = column?.sortValue;
  if (!value) return rows;
  return [...rows].sort((x, y) => {
    const a = value(x);
    const b = value(y);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    const order = a < b ? -1 : a > b ? 1 : 0;
    return desc ? -order : order;
  });
}

function SortButton({ head, sort, onSort }: { head: string; sort?: Sort; onSort: () => void }) {
  const Arrow = sort?.desc ? ArrowDownIcon : ArrowUpIcon;
  return (
    <button type="button" className="inline-flex items-center gap-1 hover:text-foreground" onClick={onSort}>
      {head}
      {sort?.head === head && <Arrow className="size-3" aria-hidden />}
    </button>
  );
}

/**
 * A table declared by its columns: one heading row, then a row per item. Columns with a `sortValue` sort
 * the rows in place (starting from `defaultSort`), and their heading says which way (`aria-sort`).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  defaultSort,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (item: T) => number;
  /** The table's accessible name, when no heading names it. */
  label?: string;
  defaultSort?: Sort;
}) {
  const [sort, setSort] = useState(defaultSort);
  const shown = sort
    ? sorted(
        rows,
        columns.find((c) => c.head === sort.head),
        sort.desc,
      )
    : rows;
  const ariaSort = (c: Column<T>) =>
    !c.sortValue ? undefined : sort?.head !== c.head ? 'none' : sort.desc ? 'descending' : 'ascending';
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead
              key={c.head}
              className={cn(c.from && FROM[c.from], c.headClassName)}
              aria-sort={ariaSort(c)}
            >
              {c.srOnly ? (
                <span className="sr-only">{c.head}</span>
              ) : c.sortValue ? (
                <SortButton
                  head={c.head}
                  sort={sort}
                  onSort={() =>
                    setSort({ head: c.head, desc: sort?.head === c.head ? !sort.desc : c.descFirst === true })
                  }
                />
              ) : (
                c.head
              )}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {shown.map((item) => (
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
