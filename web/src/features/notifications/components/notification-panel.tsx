import type { Notification } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { BellOffIcon, CheckCheckIcon } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { notificationsQuery, useMarkRead } from '../api';
import { setNotificationSound, useNotificationSound } from '../sound';
import { NotificationRow } from './notification-row';

/**
 * The bell's list, newest first: opening one goes to its conversation and marks it read; "Mark all as read"
 * clears the count; the chime's switch sits at the foot, where the sound is heard of.
 */
export function NotificationPanel({
  cid,
  userId,
  onDone,
}: {
  cid: number;
  userId: number;
  onDone: () => void;
}) {
  const list = useQuery(notificationsQuery(cid));
  const markRead = useMarkRead(cid);
  const navigate = useNavigate();
  const sound = useNotificationSound(userId);
  const soundId = useId();
  const unread = list.data?.meta.unread_count ?? 0;

  const open = (n: Notification) => {
    if (n.read_ts === null) {
      markRead.mutate(
        { notification_ids: [n.notification_id] },
        { onError: (err) => toastError(err, 'The notification could not be marked as read') },
      );
    }
    onDone();
    void navigate(`/conversations/${n.conversation_id}`);
  };

  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-5rem))] flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <h2 className="font-semibold text-sm">Notifications</h2>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          disabled={unread === 0 || markRead.isPending}
          onClick={() =>
            markRead.mutate(
              { all: true },
              { onError: (err) => toastError(err, 'Notifications could not be marked as read') },
            )
          }
        >
          <CheckCheckIcon aria-hidden />
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <div className="space-y-3 p-3" role="status" aria-label="Loading notifications">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : list.isError ? (
          <div className="space-y-2 p-4 text-center text-sm">
            <p className="text-destructive">Notifications could not be loaded.</p>
            <Button type="button" variant="outline" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <BellOffIcon className="size-5 text-muted-foreground" aria-hidden />
            </span>
            <p className="font-medium text-sm">No notifications yet</p>
            <p className="text-muted-foreground text-xs">
              You will hear here when a conversation is assigned to you, someone mentions you, or a customer
              replies.
            </p>
          </div>
        ) : (
          <ul aria-label="Notifications" className="divide-y">
            {list.data.data.map((n) => (
              <NotificationRow key={n.notification_id} n={n} onOpen={open} />
            ))}
          </ul>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 border-t px-3 py-2">
        <Label htmlFor={soundId} className="font-normal text-xs">
          Play a sound for new notifications
        </Label>
        <Switch id={soundId} checked={sound} onCheckedChange={(on) => setNotificationSound(userId, on)} />
      </div>
    </div>
  );
}
