import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Column, DataTable, type Sort } from './data-table';

interface Agent {
  id: number;
  name: string;
  replies: number;
  median: number | null;
}

const AGENTS: Agent[] = [
  { id: 1, name: 'bea', replies: 3, median: null },
  { id: 2, name: 'Ann', replies: 9, median: 40 },
  { id: 3, name: 'Cid', replies: 5, median: 12 },
];

const COLUMNS: Column<Agent>[] = [
  { head: 'Agent', cell: (a) => a.name, sortValue: (a) => a.name.toLowerCase() },
  { head: 'Replies', cell: (a) => a.replies, sortValue: (a) => a.replies, descFirst: true },
  { head: 'Median', cell: (a) => a.median ?? '—', sortValue: (a) => a.median, descFirst: true },
  { head: 'Id', cell: (a) => a.id },
];

const table = (defaultSort?: Sort) =>
  render(
    <DataTable
      columns={COLUMNS}
      rows={AGENTS}
      rowKey={(a) => a.id}
      label="Agents"
      defaultSort={defaultSort}
    />,
  );
const names = () =>
  within(screen.getByRole('table', { name: 'Agents' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
const sortOf = (head: string) => screen.getByRole('columnheader', { name: head }).getAttribute('aria-sort');

describe('DataTable', () => {
  afterEach(cleanup);

  it('sorts by the default column, then by the heading clicked, and says which way', () => {
    table({ head: 'Replies', desc: true });
    expect(names()).toEqual(['Ann', 'Cid', 'bea']);
    expect(sortOf('Replies')).toBe('descending');
    expect(sortOf('Agent')).toBe('none');
    expect(sortOf('Id')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Agent' }));
    expect(names()).toEqual(['Ann', 'bea', 'Cid']);
    expect(sortOf('Agent')).toBe('ascending');
    expect(sortOf('Replies')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: 'Agent' }));
    expect(names()).toEqual(['Cid', 'bea', 'Ann']);
    expect(sortOf('Agent')).toBe('descending');
  });

  it('puts rows without a value last whichever way, and leaves the order alone without a sort', () => {
    table();
    expect(names()).toEqual(['bea', 'Ann', 'Cid']);
    expect(screen.queryByRole('button', { name: 'Id' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Median' }));
    expect(names()).toEqual(['Ann', 'Cid', 'bea']);
    fireEvent.click(screen.getByRole('button', { name: 'Median' }));
    expect(names()).toEqual(['Cid', 'Ann', 'bea']);
  });
});
