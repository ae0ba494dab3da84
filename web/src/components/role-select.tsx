import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

interface RoleSelectProps<R extends string> {
  value: R;
  roles: readonly R[];
  onChange: (role: R) => void;
  /** Accessible name, e.g. "Role of Ann Lee". */
  label: string;
  disabled?: boolean;
  className?: string;
}

/** A compact select that changes a member's role in place. */
export function RoleSelect<R extends string>({
  value,
  roles,
  onChange,
  label,
  disabled,
  className,
}: RoleSelectProps<R>) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as R)}
      className={cn('h-8 w-32', className)}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The end of an adder row: the role to give, then Add, which waits until something is chosen. */
export function RoleAndAdd<R extends string>(props: {
  label: string;
  roles: readonly R[];
  defaultRole: R;
  chosen: boolean;
  pending: boolean;
  onAdd: (role: R) => void;
}) {
  const [role, setRole] = useState<R>(props.defaultRole);
  return (
    <div className="flex gap-2">
      <RoleSelect
        label={props.label}
        value={role}
        roles={props.roles}
        onChange={setRole}
        className="flex-1 sm:w-32"
      />
      <Button type="button" disabled={!props.chosen || props.pending} onClick={() => props.onAdd(role)}>
        <PlusIcon aria-hidden />
        {props.pending ? 'Adding...' : 'Add'}
      </Button>
    </div>
  );
}
