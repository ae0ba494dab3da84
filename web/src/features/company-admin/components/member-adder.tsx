import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RoleAndAdd } from '@/components/role-select';
import { SearchPicker } from '@/components/search-picker';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { companyUsersQuery } from '../api/users';

interface MemberAdderProps<R extends string> {
  companyId: number;
  roles: readonly R[];
  defaultRole: R;
  /** Users already in, left out of the choices. */
  memberIds: number[];
  /** "app" or "queue", for labels. */
  target: string;
  pending: boolean;
  onAdd: (userId: number, role: R, done: () => void) => void;
}

/** Picks a member of the company (searched on the server) and a role, and adds them. */
export function MemberAdder<R extends string>(props: MemberAdderProps<R>) {
  const { companyId, roles, memberIds, target, pending } = props;
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState('');
  const [chosenName, setChosenName] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const users = useQuery(companyUsersQuery(companyId, { search: term, limit: 20 }));
  const items = (users.data?.data ?? [])
    .filter((u) => !memberIds.includes(u.user_id))
    .map((u) => ({ value: String(u.user_id), label: u.name, hint: u.email }));

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <SearchPicker
        className="sm:flex-1"
        items={items}
        value={userId}
        selectedLabel={chosenName}
        onChange={(value) => {
          setUserId(value);
          setChosenName(items.find((i) => i.value === value)?.label ?? '');
        }}
        onSearchChange={setSearch}
        loading={users.isFetching}
        placeholder={`Choose a person to add to the ${target}`}
        searchPlaceholder="Search people..."
        emptyText="No one to add. People must be members of the company first."
      />
      <RoleAndAdd
        label={`Role in the ${target}`}
        roles={roles}
        defaultRole={props.defaultRole}
        chosen={userId !== ''}
        pending={pending}
        onAdd={(role) =>
          props.onAdd(Number(userId), role, () => {
            setUserId('');
            setChosenName('');
          })
        }
      />
    </div>
  );
}
