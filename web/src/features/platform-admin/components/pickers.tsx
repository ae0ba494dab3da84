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
  const items = (q.data?.data ?? [])
    .filter((c) => !p.exclude?.includes(c.company_id))
    .map((c) => ({
      value: String(c.company_id),
      label: c.company_name,
      hint: c.status === 'suspended' ? 'Suspended' : undefined,
    }));
  return (
    <SearchPicker
      {...common(p)}
      items={items}
      onChange={(v) => p.onChange(v, items.find((i) => i.value === v)?.label ?? '')}
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
  const items = (q.data?.data ?? [])
    .filter((u) => !p.exclude?.includes(u.user_id))
    .map((u) => ({ value: String(u.user_id), label: u.name, hint: u.email }));
  return (
    <SearchPicker
      {...common(p)}
      items={items}
      onChange={(v) => p.onChange(v, items.find((i) => i.value === v)?.label ?? '')}
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
  const items = (q.data?.data ?? [])
    .filter((a) => !p.exclude?.includes(a.app_id))
    .map((a) => ({ value: String(a.app_id), label: a.app_name, hint: p.hintOf?.(a.company_id) }));
  return (
    <SearchPicker
      {...common(p)}
      items={items}
      onChange={(v) => p.onChange(v, items.find((i) => i.value === v)?.label ?? '')}
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
  const items = (q.data?.data ?? [])
    .filter((x) => !p.exclude?.includes(x.queue_id))
    .map((x) => ({
      value: String(x.queue_id),
      label: x.queue_name,
      hint: x.is_private ? 'Private' : undefined,
    }));
  return (
    <SearchPicker
      {...common(p)}
      disabled={p.disabled || !p.appId}
      items={items}
      onChange={(v) => p.onChange(v, items.find((i) => i.value === v)?.label ?? '')}
      loading={q.isFetching}
      placeholder={p.appId ? 'Choose a queue' : 'Choose an app first'}
      searchPlaceholder="Search queues..."
      emptyText="No queues in this app."
    />
  );
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
