import type { IntegrationDelivery } from '@inbox/contract';
import { SendIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { type Tone, ToneBadge } from '@/components/tone-badge';
import { relativeTime } from '@/lib/format';
import { deliveriesQuery } from '../api/integrations';
import { type IntegrationDialogProps, IntegrationQueryDialog } from './integration-query-dialog';

const STATUS: Record<IntegrationDelivery['status'], { label: string; tone: Tone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Retrying', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

/**
 * An integration's latest outgoing calls (webhook events, replies through its channel), newest first: what an
 * admin looks at when the other side says nothing arrived. Refreshes while open.
 */
export function DeliveriesDialog({ companyId, appId, integration, onClose }: IntegrationDialogProps) {
  return (
    <IntegrationQueryDialog
      integration={integration}
      onClose={onClose}
      options={(id) => deliveriesQuery(companyId, appId, id)}
      title="Deliveries"
      description="The latest calls this integration made, newest first. Failed calls are retried for a day."
      className="sm:max-w-2xl"
    >
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState
            icon={SendIcon}
            title="Nothing sent yet"
            description="Events and replies this integration sends will be listed here."
          />
        ) : (
          <ul aria-label="Deliveries" className="divide-y rounded-md border">
            {rows.map((d) => (
              <li key={d.delivery_id} className="grid gap-1 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <ToneBadge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</ToneBadge>
                  <span className="font-medium">{d.what === 'reply' ? 'Reply' : d.what}</span>
                  <span className="text-muted-foreground text-xs">
                    {relativeTime(d.created_ts)} · {d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`}
                    {d.next_attempt_ts && ` · next ${relativeTime(d.next_attempt_ts)}`}
                  </span>
                </div>
                {d.excerpt && <p className="truncate text-muted-foreground">“{d.excerpt}”</p>}
                {d.last_error && d.status !== 'delivered' && (
                  <p className="break-words text-destructive text-xs">{d.last_error}</p>
                )}
              </li>
            ))}
          </ul>
        )
      }
    </IntegrationQueryDialog>
  );
}
