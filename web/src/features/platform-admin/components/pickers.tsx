import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchPicker } from '@/components/search-picker';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { adminAppsQuery } from '../api/apps';
import { companiesQuery } from '../api/companies';
import { adminQueuesQuery } from '../api/queues';
import { usersQuery } from '../api/users';

interface PickerProps {
  id?: string;
  value: string;
  onChange: (value: string, label: string) => void;
  /** The chosen entry's name when the current search no longer lists it. */
  selectedLabel?: string;
  /** Offers an entry that clears the choice, e.g. "All companies". */
  clearLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  /** Left out of the choices (already linked). */
  exclude?: number[];
  /** Accessible name when no <Label> names the picker (e.g. "Filter by company"). */
  label?: string;
}

function useSearch() {
  const [search, setSearch] = useState('');
  return { search: useDebouncedValue(search.trim(), 250), setSearch };
}

export function CompanyPicker(p: PickerProps) {
  const { search, setSearch } = useSearch();
  const q = useQuery(companiesQuery({ search, limit: 20 }));
  return (
    <SearchPicker
      {...pickerOf(
        p,
        q.data?.data,
        (c) => c.company_id,
        (c) => ({
          value: String(c.company_id),
          label: c.company_name,
          hint: c.status === 'suspended' ? 'Suspended' : undefined,
        }),
      )}
      onSearchChange={setSearch}
      loading={q.isFetching}
      placeholder={p.clearLabel ?? 'Choose a company'}
      searchPlaceholder="Search companies..."
      emptyText="No companies found."
    />
  );
}

export function UserPicker(p: PickerProps) {
  const { search, setSearch } = useSearch();
  const q = useQuery(usersQuery({ search, limit: 20 }));
  return (
    <SearchPicker
      {...pickerOf(
        p,
        q.data?.data,
        (u) => u.user_id,
        (u) => ({ value: String(u.user_id), label: u.name, hint: u.email }),
      )}
      onSearchChange={setSearch}
      loading={q.isFetching}
      placeholder={p.clearLabel ?? 'Choose a user'}
      searchPlaceholder="Search users by name or email..."
      emptyText="No users found."
    />
  );
}

export function AppPicker(
  p: PickerProps & { companyId?: number; hintOf?: (companyId: number) => string | undefined },
) {
  const { search, setSearch } = useSearch();
  const q = useQuery(adminAppsQuery({ company_id: p.companyId, search, limit: 20 }));
  return (
    <SearchPicker
      {...pickerOf(
        p,
        q.data?.data,
        (a) => a.app_id,
        (a) => ({ value: String(a.app_id), label: a.app_name, hint: p.hintOf?.(a.company_id) }),
      )}
      onSearchChange={setSearch}
      loading={q.isFetching}
      placeholder={p.clearLabel ?? 'Choose an app'}
      searchPlaceholder="Search apps..."
      emptyText="No apps found."
    />
  );
}

/** Queues of one app (the platform API does not search queues by name; an app has few). */
export function QueuePicker(p: PickerProps & { appId?: number }) {
  const q = useQuery({ ...adminQueuesQuery({ app_id: p.appId, limit: 100 }), enabled: !!p.appId });
  return (
    <SearchPicker
      {...pickerOf(
        p,
        q.data?.data,
        (x) => x.queue_id,
        (x) => ({
          value: String(x.queue_id),
          label: x.queue_name,
          hint: x.is_private ? 'Private' : undefined,
        }),
      )}
      disabled={p.disabled || !p.appId}
      loading={q.isFetching}
      placeholder={p.appId ? 'Choose a queue' : 'Choose an app first'}
      searchPlaceholder="Search queues..."
      emptyText="No queues in this app."
    />
  );
}

/**
 * What every picker hands to `SearchPicker`: the caller's props, the rows it did not exclude as items, and a
 * change that also names the chosen label.
 */
function pickerOf<T>(
  p: PickerProps,
  rows: T[] | undefined,
  idOf: (row: T) => number,
  toItem: (row: T) => { value: string; label: string; hint?: string },
) {
  const items = (rows ?? []).filter((r) => !p.exclude?.includes(idOf(r))).map(toItem);
  return {
    ...common(p),
    items,
    onChange: (v: string) => p.onChange(v, items.find((i) => i.value === v)?.label ?? ''),
  };
}

const common = (p: PickerProps) => ({
  id: p.id,
  value: p.value,
  selectedLabel: p.selectedLabel,
  clearLabel: p.clearLabel,
  'aria-label': p.label,
  disabled: p.disabled,
  className: p.className,
  'aria-invalid': p.invalid,
});
