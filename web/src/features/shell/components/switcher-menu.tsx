import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { SidebarMenuItem } from './sidebar';
import { useSidebar } from './sidebar-provider';

export interface SwitcherChoice {
  id: number;
  name: string;
  selected: boolean;
  /** What the row shows after the check mark. */
  content: ReactNode;
}

/**
 * The sidebar's searchable switchers (company, app): a trigger, then a list filtered as one types, the current
 * choice checked. It opens to the right of a collapsed sidebar.
 */
export function SwitcherMenu({
  open,
  onOpenChange,
  trigger,
  plural,
  choices,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  /** "apps", "companies": the search box, the empty text and the group heading say it. */
  plural: string;
  choices: SwitcherChoice[];
  onChoose: (id: number) => void;
}) {
  const { state, isMobile } = useSidebar();
  const heading = plural.charAt(0).toUpperCase() + plural.slice(1);
  return (
    <SidebarMenuItem>
      <Popover open={open} onOpenChange={onOpenChange}>
        <PopoverTrigger asChild>{trigger}</PopoverTrigger>
        <PopoverContent
          className="w-(--radix-popover-trigger-width) min-w-64 p-0"
          side={state === 'collapsed' && !isMobile ? 'right' : 'bottom'}
          align="start"
        >
          <Command>
            <CommandInput placeholder={`Search ${plural}...`} aria-label={`Search ${plural}`} />
            <CommandList>
              <CommandEmpty>No {plural} found.</CommandEmpty>
              <CommandGroup heading={heading}>
                {choices.map((c) => (
                  <CommandItem
                    key={c.id}
                    value={`${c.name} ${c.id}`}
                    keywords={[c.name]}
                    onSelect={() => onChoose(c.id)}
                  >
                    <CheckIcon className={cn('size-4', c.selected ? 'opacity-100' : 'opacity-0')} />
                    {c.content}
                  </CommandItem>
                ))}
              </CommandGroup>
            </CommandList>
          </Command>
        </PopoverContent>
      </Popover>
    </SidebarMenuItem>
  );
}
