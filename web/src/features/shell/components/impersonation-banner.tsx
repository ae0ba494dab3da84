import { useQuery } from '@tanstack/react-query';
import { UserRoundCogIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { stopImpersonation } from '@/lib/impersonation';
import { STORAGE_KEYS } from '@/lib/storage';
import { meQuery } from '../api';

/** Shown while a platform admin acts as another user (the platform-admin pages set the stored id). */
export function ImpersonationBanner() {
  const { data: user } = useQuery(meQuery());
  if (!localStorage.getItem(STORAGE_KEYS.impersonateUserId)) return null;

  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-amber-300 border-b bg-amber-100 px-4 py-2 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <UserRoundCogIcon className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Acting as <strong className="font-semibold">{user?.name ?? '…'}</strong>
      </span>
      <Button size="sm" variant="outline" className="h-7 bg-transparent" onClick={stopImpersonation}>
        Stop impersonating
      </Button>
    </div>
  );
}
