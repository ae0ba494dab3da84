import { useQuery } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useSession } from '@/lib/session';
import { notificationsQuery } from '../api';
import { NotificationPanel } from './notification-panel';

/** More than this shows as "99+" on the badge. */
const BADGE_MAX = 99;

/** The header's bell: the unread count on it, the list in its popover. */
export function NotificationBell() {
  const { company, user } = useSession();
  const [open, setOpen] = useState(false);
  const cid = company?.company_id ?? 0;
  const list = useQuery({ ...notificationsQuery(cid), enabled: !!company });
  if (!company || !user) return null;
  const unread = list.data?.meta.unread_count ?? 0;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="relative size-8"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <BellIcon aria-hidden />
          {unread > 0 && (
            <span
              data-testid="notification-count"
              className="-right-0.5 -top-0.5 absolute flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white leading-none"
            >
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        aria-label="Notifications"
        // Focus goes to the newest notification (or the panel), not to "Mark all as read", which would look
        // like the thing to press.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          const panel = e.currentTarget as HTMLElement;
          (panel.querySelector<HTMLElement>('[data-testid="notification"]') ?? panel).focus();
        }}
      >
        <NotificationPanel cid={cid} userId={user.user_id} onDone={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
