import { LockIcon, ReplyIcon } from 'lucide-react';
import { RadioButtons } from '@/components/radio-buttons';
import { cn } from '@/lib/utils';

export type Mode = 'reply' | 'note';

const MODES: { value: Mode; label: string; icon: typeof ReplyIcon }[] = [
  { value: 'reply', label: 'Reply', icon: ReplyIcon },
  { value: 'note', label: 'Internal note', icon: LockIcon },
];

/** Reply to the customer, or a note only the team sees. */
export function ComposerMode({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  return (
    <RadioButtons
      aria-label="Message type"
      options={MODES}
      value={mode}
      onChange={onChange}
      className="inline-flex rounded-lg bg-muted p-[3px] text-xs"
      buttonClassName={(active, value) =>
        cn(
          'inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 font-medium',
          active
            ? value === 'note'
              ? 'bg-amber-100 text-amber-900 shadow-sm dark:bg-amber-500/20 dark:text-amber-200'
              : 'bg-background text-foreground shadow-sm dark:bg-input/40'
            : 'text-muted-foreground hover:text-foreground',
        )
      }
    />
  );
}
