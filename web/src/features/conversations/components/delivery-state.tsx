import type { ConsoleMessage, DeliveryStatus } from '@inbox/contract';
import { AlertCircleIcon, CheckCheckIcon, CheckIcon, ClockIcon, RotateCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useRetryDelivery } from '../api-messages';

const LABEL: Record<DeliveryStatus, string> = {
  queued: 'Sending…',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not delivered',
};

const ICON = {
  queued: ClockIcon,
  sent: CheckIcon,
  delivered: CheckCheckIcon,
  read: CheckCheckIcon,
  failed: AlertCircleIcon,
} as const;

/**
 * Where a reply sent through SMS (or another provider channel) stands, under its bubble: sending, sent,
 * delivered, read; a failure shows the provider's reason and a button to send it again.
 */
export function DeliveryState({
  cid,
  message: m,
}: {
  cid: number;
  message: Pick<ConsoleMessage, 'message_id' | 'conversation_id' | 'delivery'>;
}) {
  const retry = useRetryDelivery(cid, m.conversation_id);
  if (!m.delivery) return null;
  const { status, error } = m.delivery;
  const Icon = ICON[status];
  return (
    <div
      data-delivery={status}
      className={cn(
        'flex flex-wrap items-center justify-end gap-x-2 gap-y-1 px-1 text-xs',
        status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      <span className="inline-flex items-center gap-1">
        <Icon className={cn('size-3.5', status === 'read' && 'text-primary')} aria-hidden />
        {status === 'failed' && error ? `${LABEL[status]}:` : LABEL[status]}
        {status === 'failed' && error && <span className="text-muted-foreground">{error}</span>}
      </span>
      {status === 'failed' && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-6 px-2 text-xs"
          disabled={retry.isPending}
          onClick={() => retry.mutate(m.message_id)}
        >
          <RotateCwIcon className="size-3" aria-hidden />
          Retry
        </Button>
      )}
    </div>
  );
}
