import { LockIcon, ReplyIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export type Mode = 'reply' | 'note';

const MODES: { value: Mode; label: string; icon: typeof ReplyIcon }[] = [
  { value: 'reply', label: 'Reply', icon: ReplyIcon },
  { value: 'note', label: 'Internal note', icon: LockIcon },
];

/** Reply to the customer, or a note only the team sees. */
export function ComposerMode({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Message type"
      className="inline-flex rounded-lg bg-muted p-[3px] text-xs"
    >
      {MODES.map(({ value, label, icon: Icon }) => {
        const active = mode === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as one row of buttons
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(value)}
            className={cn(
              'inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
              active
                ? value === 'note'
                  ? 'bg-amber-100 text-amber-900 shadow-sm dark:bg-amber-500/20 dark:text-amber-200'
                  : 'bg-background text-foreground shadow-sm dark:bg-input/40'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            {label}
          </button>
        );
      })}
    </div>
  );
}
