import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchPicker } from '@/components/search-picker';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { inboxUsersQuery } from '../api';

interface UserPickerProps {
  id?: string;
  cid: number;
  value: string;
  onChange: (userId: string) => void;
  /** An entry that clears the choice ('Keep the current assignee'). */
  clearLabel?: string;
  invalid?: boolean;
}

/** A colleague of the current company, searched on the server by name or email. */
export function UserPicker({ id, cid, value, onChange, clearLabel, invalid }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const users = useQuery(inboxUsersQuery(cid, term));
  const [chosen, setChosen] = useState<string>();
  const items = (users.data?.data ?? [])
    .filter((u) => u.status === 'active')
    .map((u) => ({ value: String(u.user_id), label: u.name, hint: u.email }));
  return (
    <SearchPicker
      id={id}
      items={items}
      value={value}
      onChange={(next) => {
        setChosen(items.find((i) => i.value === next)?.label);
        onChange(next);
      }}
      selectedLabel={chosen}
      placeholder="Choose a person"
      searchPlaceholder="Search people..."
      emptyText="No people found."
      onSearchChange={setSearch}
      loading={users.isFetching}
      clearLabel={clearLabel}
      aria-invalid={invalid}
    />
  );
}
