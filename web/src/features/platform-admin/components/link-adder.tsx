import { type ReactNode, useState } from 'react';
import { RoleAndAdd } from '@/components/role-select';

export interface Choice {
  id: string;
  name: string;
}

/** Nothing chosen: a picker's empty value, or a filter that shows everything. */
export const NO_CHOICE: Choice = { id: '', name: '' };

interface LinkAdderProps<R extends string> {
  roles: readonly R[];
  defaultRole: R;
  roleLabel: string;
  pending: boolean;
  /** The picker for the other side of the link (a user, a company, an app, a queue). */
  picker: (choice: Choice, setChoice: (c: Choice) => void) => ReactNode;
  onAdd: (id: number, role: R, done: () => void) => void;
}

/** Choose something, give a role, add: the one shape of every membership form on the platform pages. */
export function LinkAdder<R extends string>({
  roles,
  defaultRole,
  roleLabel,
  pending,
  picker,
  onAdd,
}: LinkAdderProps<R>) {
  const [choice, setChoice] = useState<Choice>(NO_CHOICE);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="min-w-0 sm:flex-1">{picker(choice, setChoice)}</div>
      <RoleAndAdd
        label={roleLabel}
        roles={roles}
        defaultRole={defaultRole}
        chosen={!!choice.id}
        pending={pending}
        onAdd={(role) => onAdd(Number(choice.id), role, () => setChoice(NO_CHOICE))}
      />
    </div>
  );
}
