import { XIcon } from 'lucide-react';
import { RoleSelect } from '@/components/role-select';
import { Button } from '@/components/ui/button';

interface Member<R extends string> {
  user_id: number;
  name: string;
  email: string;
  role: R;
}

interface MemberListProps<R extends string> {
  members: Member<R>[];
  roles: readonly R[];
  /** Without it the list is read-only. */
  canEdit: boolean;
  target: string;
  busy?: boolean;
  onRoleChange: (m: Member<R>, role: R) => void;
  onRemove: (m: Member<R>) => void;
}

/** People with a role in an app or a queue: change the role in place or remove them. */
export function MemberList<R extends string>({
  members,
  roles,
  canEdit,
  target,
  busy,
  onRoleChange,
  onRemove,
}: MemberListProps<R>) {
  return (
    <ul className="divide-y rounded-lg border">
      {members.map((m) => (
        <li key={m.user_id} className="flex items-center gap-3 px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm">{m.name}</p>
            <p className="truncate text-muted-foreground text-xs">{m.email}</p>
          </div>
          {canEdit ? (
            <>
              <RoleSelect
                label={`Role of ${m.name} in the ${target}`}
                value={m.role}
                roles={roles}
                disabled={busy}
                onChange={(role) => onRoleChange(m, role)}
                className="w-32"
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${m.name} from the ${target}`}
                onClick={() => onRemove(m)}
              >
                <XIcon />
              </Button>
            </>
          ) : (
            <span className="text-muted-foreground text-sm capitalize">{m.role}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
