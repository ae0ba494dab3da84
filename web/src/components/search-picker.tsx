import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export interface PickerItem {
  value: string;
  label: string;
  hint?: string;
}

interface SearchPickerProps {
  id?: string;
  items: PickerItem[];
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  /** Label of the chosen item when it is not among `items` (a server search moved on). */
  selectedLabel?: string;
  /** Given: the list is searched on the server and shown as is; otherwise it is filtered here. */
  onSearchChange?: (text: string) => void;
  loading?: boolean;
  /** An entry that clears the choice ("All companies"). */
  clearLabel?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  /** Accessible name when no <Label htmlFor={id}> names it; defaults to the placeholder. */
  'aria-label'?: string;
}

/** A searchable single choice (people, companies, apps) in a popover, keyboard-friendly. */
export function SearchPicker(props: SearchPickerProps) {
  const { items, value, onChange, onSearchChange, clearLabel } = props;
  const [open, setOpen] = useState(false);
  const chosen = items.find((i) => i.value === value)?.label ?? (value ? props.selectedLabel : undefined);
  const base = props['aria-label'] ?? (props.id ? undefined : props.placeholder);
  const ariaLabel = base && chosen ? `${base}: ${chosen}` : base;
  const pick = (next: string) => {
    onChange(next);
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onSearchChange?.('');
      }}
    >
      <PopoverTrigger asChild>
        <Button
          id={props.id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-invalid={props['aria-invalid']}
          // A combobox takes no name from its content: without a <Label> it is named here.
          aria-label={ariaLabel}
          disabled={props.disabled}
          className={cn(
            'w-full min-w-0 shrink justify-between font-normal aria-invalid:border-destructive',
            props.className,
          )}
        >
          <span className={cn('truncate', !chosen && 'text-muted-foreground')}>
            {chosen ?? props.placeholder}
          </span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-64 p-0">
        <Command shouldFilter={!onSearchChange}>
          <CommandInput placeholder={props.searchPlaceholder} onValueChange={onSearchChange} />
          <CommandList>
            <CommandEmpty>{props.loading ? 'Searching...' : props.emptyText}</CommandEmpty>
            {clearLabel && (
              <CommandItem value={`__clear ${clearLabel}`} onSelect={() => pick('')}>
                <CheckIcon className={cn(value ? 'opacity-0' : 'opacity-100')} aria-hidden />
                {clearLabel}
              </CommandItem>
            )}
            {items.map((item) => (
              <CommandItem
                key={item.value}
                value={`${item.label} ${item.hint ?? ''} ${item.value}`}
                onSelect={() => pick(item.value)}
              >
                <CheckIcon className={cn(item.value === value ? 'opacity-100' : 'opacity-0')} aria-hidden />
                <span className="min-w-0 flex-1 truncate">{item.label}</span>
                {item.hint && <span className="truncate text-muted-foreground text-xs">{item.hint}</span>}
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
