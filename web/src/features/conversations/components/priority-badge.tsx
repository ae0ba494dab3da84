import type { Priority } from '@inbox/contract';
import { type Tone, ToneBadge } from '@/components/tone-badge';
import { cn } from '@/lib/utils';

const PRIORITY: Record<Priority, { label: string; tone: Tone }> = {
  urgent: { label: 'Urgent', tone: 'danger' },
  high: { label: 'High', tone: 'warning' },
  medium: { label: 'Medium', tone: 'info' },
  low: { label: 'Low', tone: 'muted' },
};

/**
 * A conversation's priority on a list row or in the thread header. Urgent and high stand out (solid red and
 * amber); medium and low stay quiet, and no priority shows nothing.
 */
export function PriorityBadge({ priority, className }: { priority: Priority | null; className?: string }) {
  if (!priority) return null;
  const p = PRIORITY[priority];
  const loud = priority === 'urgent' || priority === 'high';
  return (
    <ToneBadge
      tone={p.tone}
      data-priority={priority}
      className={cn(
        'px-1.5 py-0 text-[11px]',
        priority === 'urgent' && 'bg-destructive text-white dark:bg-destructive/80',
        priority === 'high' && 'bg-amber-500 text-black dark:bg-amber-500/80',
        loud && 'font-semibold',
        className,
      )}
    >
      {p.label}
    </ToneBadge>
  );
}
