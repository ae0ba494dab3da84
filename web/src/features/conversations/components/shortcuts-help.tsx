import { CircleHelpIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['j', '↓'], what: 'Next conversation' },
  { keys: ['k', '↑'], what: 'Previous conversation' },
  { keys: ['Enter'], what: 'Open the conversation' },
  { keys: ['Esc'], what: 'Back to the list' },
  { keys: ['Enter'], what: 'Send (in the reply box)' },
  { keys: ['Shift', 'Enter'], what: 'New line' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

const Key = ({ children }: { children: string }) => (
  <kbd className="inline-flex h-5 min-w-5 items-center justify-center rounded border bg-muted px-1 font-mono text-[11px]">
    {children}
  </kbd>
);

/** The keyboard shortcuts of the inbox, behind a small '?' button (or the ? key). */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Keyboard shortcuts">
          <CircleHelpIcon aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-64 p-3">
        <p className="mb-2 font-medium text-sm">Keyboard shortcuts</p>
        <dl className="space-y-1.5 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.what} className="flex items-center justify-between gap-3">
              <dt className="text-muted-foreground">{s.what}</dt>
              <dd className="flex shrink-0 gap-1">
                {s.keys.map((k) => (
                  <Key key={k}>{k}</Key>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </PopoverContent>
    </Popover>
  );
}
