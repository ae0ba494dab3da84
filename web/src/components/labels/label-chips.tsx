import type { LabelRef } from '@inbox/contract';
import { cn } from '@/lib/utils';

/**
 * A conversation's or customer's labels as small chips: the label's colour as a dot beside its name, on a
 * neutral ground, so every colour reads in both themes. `max` shows that many and "+n" for the rest.
 */
export function LabelChips({
  labels,
  max,
  className,
}: {
  labels: LabelRef[];
  max?: number;
  className?: string;
}) {
  if (!Array.isArray(labels) || labels.length === 0) return null;
  const shown = max === undefined ? labels : labels.slice(0, max);
  const more = labels.length - shown.length;
  return (
    <ul className={cn('flex min-w-0 flex-wrap items-center gap-1', className)} aria-label="Labels">
      {shown.map((l) => (
        <li key={l.label_id} className="min-w-0">
          <LabelChip label={l} />
        </li>
      ))}
      {more > 0 && (
        <li
          className="text-muted-foreground text-xs"
          title={labels
            .slice(shown.length)
            .map((l) => l.name)
            .join(', ')}
        >
          +{more}
        </li>
      )}
    </ul>
  );
}

export function LabelChip({
  label,
  className,
}: {
  label: Pick<LabelRef, 'name' | 'color'>;
  className?: string;
}) {
  return (
    <span
      data-label={label.name}
      className={cn(
        'inline-flex max-w-40 items-center gap-1 rounded-full border bg-background px-1.5 py-px font-medium text-[11px] text-foreground/80 leading-4',
        className,
      )}
    >
      <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: label.color }} aria-hidden />
      <span className="truncate">{label.name}</span>
    </span>
  );
}
