import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

interface StatTileProps {
  label: string;
  value: number;
  icon: LucideIcon;
  /** Colour of the icon chip, for telling statuses apart at a glance. */
  tone?: string;
}

export function StatTile({
  label,
  value,
  icon: Icon,
  tone = 'bg-muted text-muted-foreground',
}: StatTileProps) {
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
      <div className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon className="size-4" aria-hidden />
      </div>
      <div className="min-w-0">
        <p className="truncate text-muted-foreground text-xs">{label}</p>
        <p className="font-semibold text-2xl tabular-nums leading-tight">{value.toLocaleString()}</p>
      </div>
    </div>
  );
}
