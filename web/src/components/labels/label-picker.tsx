import type { LabelRef } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, TagIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { labelsQuery } from '@/lib/labels';
import { cn } from '@/lib/utils';

interface LabelPickerProps {
  cid: number;
  /** What the record carries now. */
  value: LabelRef[];
  /** One label put on (`add`) or taken off. */
  onToggle: (change: { add: number[]; remove: number[] }) => void;
  disabled?: boolean;
  /** "Label" as a small button (thread header), or an outline button. */
  size?: 'sm' | 'icon';
  className?: string;
}

/**
 * Puts the company's labels on a record and takes them off: a searchable list in a popover, each label
 * ticked when the record carries it; choosing one toggles it at once (as in Chatwoot and Intercom).
 */
export function LabelPicker({ cid, value, onToggle, disabled, size = 'sm', className }: LabelPickerProps) {
  const [open, setOpen] = useState(false);
  const labels = useQuery({ ...labelsQuery(cid), enabled: open });
  const on = new Set((value ?? []).map((l) => l.label_id));
  // Only a list counts: anything else (an older server) offers nothing rather than breaking the thread.
  const all = Array.isArray(labels.data) ? labels.data : [];
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size={size === 'icon' ? 'icon' : 'sm'}
          disabled={disabled}
          aria-label="Edit labels"
          className={cn(size === 'icon' && 'size-8', className)}
        >
          <TagIcon aria-hidden />
          {size === 'sm' && 'Labels'}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-64 p-0" align="end">
        <Command>
          <CommandInput placeholder="Search labels..." />
          <CommandList>
            <CommandEmpty>{labels.isPending ? 'Loading…' : 'No labels found.'}</CommandEmpty>
            {all.map((l) => (
              <CommandItem
                key={l.label_id}
                value={`${l.name} ${l.label_id}`}
                onSelect={() =>
                  onToggle(
                    on.has(l.label_id)
                      ? { add: [], remove: [l.label_id] }
                      : { add: [l.label_id], remove: [] },
                  )
                }
              >
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: l.color }}
                  aria-hidden
                />
                <span className="truncate">{l.name}</span>
                <CheckIcon
                  className={cn('ml-auto', on.has(l.label_id) ? 'opacity-100' : 'opacity-0')}
                  aria-hidden
                />
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
