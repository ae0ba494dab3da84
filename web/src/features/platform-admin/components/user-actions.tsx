import type { AdminUserDetail } from '@inbox/contract';
import {
  BanIcon,
  CheckCircle2Icon,
  ShieldIcon,
  ShieldOffIcon,
  Trash2Icon,
  VenetianMaskIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { startImpersonation } from '@/lib/impersonation';
import { type UserFlag, useDeleteUser, useUserFlag } from '../api/users';

type Pending = UserFlag | 'delete' | 'impersonate' | null;

const CONFIRM: Record<
  Exclude<Pending, null>,
  { title: string; text: string; label: string; danger: boolean }
> = {
  suspend: {
    title: 'Suspend {name}?',
    text: 'They are signed out everywhere at once and cannot sign in until activated again.',
    label: 'Suspend user',
    danger: true,
  },
  activate: {
    title: 'Activate {name}?',
    text: 'They can sign in again.',
    label: 'Activate user',
    danger: false,
  },
  'make-platform-admin': {
    title: 'Make {name} a platform admin?',
    text: 'They get full control over every company, user, app and queue of this installation.',
    label: 'Make platform admin',
    danger: false,
  },
  'remove-platform-admin': {
    title: 'Remove platform admin from {name}?',
    text: 'They keep their company memberships but lose access to Platform Admin.',
    label: 'Remove platform admin',
    danger: true,
  },
  impersonate: {
    title: 'Act as {name}?',
    text: 'You see the console as they do until you stop. Every reply, note and action you take is recorded as theirs, with your name beside it.',
    label: 'Impersonate',
    danger: false,
  },
  delete: {
    title: 'Delete {name}?',
    text: 'The account and all its memberships are deleted. Messages they wrote stay without an author. This cannot be undone.',
    label: 'Delete user',
    danger: true,
  },
};

export function UserActions({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const navigate = useNavigate();
  const flag = useUserFlag(user.user_id);
  const remove = useDeleteUser();
  const [pending, setPending] = useState<Pending>(null);
  const suspended = user.status === 'suspended';
  const confirm = pending ? CONFIRM[pending] : null;

  const run = () => {
    if (!pending) return;
    const close = () => setPending(null);
    if (pending === 'impersonate') {
      startImpersonation(user.user_id, user.companies[0]?.company_id, window.location.pathname);
    } else if (pending === 'delete') {
      remove.mutate(user, {
        onSuccess: () => navigate('/platform-admin?tab=users', { replace: true }),
        onError: (e) => toastError(e),
      });
    } else {
      flag.mutate(pending, { onSuccess: close, onError: (e) => toastError(e) });
    }
  };

  return (
    <>
      <Button
        onClick={() => setPending('impersonate')}
        disabled={isSelf || suspended}
        title={isSelf ? 'You cannot impersonate yourself' : suspended ? 'Activate the user first' : undefined}
      >
        <VenetianMaskIcon aria-hidden />
        Impersonate
      </Button>
      <Button
        variant="outline"
        disabled={isSelf}
        onClick={() => setPending(suspended ? 'activate' : 'suspend')}
      >
        {suspended ? <CheckCircle2Icon aria-hidden /> : <BanIcon aria-hidden />}
        {suspended ? 'Activate' : 'Suspend'}
      </Button>
      <Button
        variant="outline"
        disabled={isSelf && user.is_platform_admin}
        onClick={() => setPending(user.is_platform_admin ? 'remove-platform-admin' : 'make-platform-admin')}
      >
        {user.is_platform_admin ? <ShieldOffIcon aria-hidden /> : <ShieldIcon aria-hidden />}
        {user.is_platform_admin ? 'Remove platform admin' : 'Make platform admin'}
      </Button>
      <Button
        variant="outline"
        className="text-destructive"
        disabled={isSelf}
        onClick={() => setPending('delete')}
      >
        <Trash2Icon aria-hidden />
        Delete
      </Button>
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => !open && setPending(null)}
        title={(confirm?.title ?? '').replace('{name}', user.name)}
        description={confirm?.text}
        confirmLabel={confirm?.label ?? ''}
        destructive={confirm?.danger}
        pending={flag.isPending || remove.isPending}
        onConfirm={run}
      />
    </>
  );
}
