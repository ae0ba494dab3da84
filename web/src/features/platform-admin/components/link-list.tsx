import { XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyNote } from '@/components/query-view';
import { RoleSelect } from '@/components/role-select';
import { Button } from '@/components/ui/button';

export interface LinkRow<R extends string> {
  key: number;
  title: ReactNode;
  /** Used in accessible labels. */
  name: string;
  subtitle?: ReactNode;
  role: R;
}

interface LinkListProps<R extends string> {
  rows: LinkRow<R>[];
  roles: readonly R[];
  /** Accessible names of each row's role select and remove button. */
  roleLabel: (name: string) => string;
  removeLabel: (name: string) => string;
  empty: string;
  busy?: boolean;
  onRoleChange: (key: number, role: R) => void;
  onRemove: (key: number) => void;
}

/** Memberships with their role: change it in place, or remove the link. */
export function LinkList<R extends string>({
  rows,
  roles,
  roleLabel,
  removeLabel,
  empty,
  busy,
  onRoleChange,
  onRemove,
}: LinkListProps<R>) {
  if (rows.length === 0) {
    return <EmptyNote>{empty}</EmptyNote>;
  }
  return (
    <ul className="divide-y rounded-lg border">
      {rows.map((r) => (
        <li key={r.key} className="flex items-center gap-3 px-3 py-2">
          <div className="min-w-0 flex-1">
            <div className="truncate font-medium text-sm">{r.title}</div>
            {r.subtitle && <div className="truncate text-muted-foreground text-xs">{r.subtitle}</div>}
          </div>
          <RoleSelect
            label={roleLabel(r.name)}
            value={r.role}
            roles={roles}
            disabled={busy}
            onChange={(role) => onRoleChange(r.key, role)}
            className="w-32"
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={removeLabel(r.name)}
            disabled={busy}
            onClick={() => onRemove(r.key)}
          >
            <XIcon />
          </Button>
        </li>
      ))}
    </ul>
  );
}
