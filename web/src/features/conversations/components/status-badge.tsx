import type { ConversationStatus } from '@inbox/contract';
import { type Tone, ToneBadge } from '@/components/tone-badge';
import { cn } from '@/lib/utils';

const STATUS: Record<ConversationStatus, { label: string; tone: Tone }> = {
  open: { label: 'Open', tone: 'info' },
  pending: { label: 'Pending', tone: 'warning' },
  resolved: { label: 'Resolved', tone: 'success' },
  closed: { label: 'Closed', tone: 'muted' },
  snoozed: { label: 'Snoozed', tone: 'muted' },
};

export const statusLabel = (status: ConversationStatus) => STATUS[status]?.label ?? status;

export function StatusBadge({ status, className }: { status: ConversationStatus; className?: string }) {
  const s = STATUS[status] ?? { label: status, tone: 'muted' as const };
  return (
    <ToneBadge tone={s.tone} className={cn('px-1.5 py-0 text-[11px]', className)}>
      {s.label}
    </ToneBadge>
  );
}
