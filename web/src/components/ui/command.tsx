import { Command as CommandPrimitive } from 'cmdk';
import { SearchIcon } from 'lucide-react';
import type * as React from 'react';
import { styled } from '@/lib/styled';
import { cn } from '@/lib/utils';

export const Command = styled(
  CommandPrimitive,
  'flex h-full w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground',
);

export function CommandInput({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div className="flex h-9 items-center gap-2 border-b px-3">
      <SearchIcon className="size-4 shrink-0 opacity-50" />
      <CommandPrimitive.Input
        className={cn(
          'flex h-10 w-full rounded-md bg-transparent py-3 text-sm outline-hidden placeholder:text-muted-foreground',
          className,
        )}
        {...props}
      />
    </div>
  );
}

export const CommandList = styled(CommandPrimitive.List, 'max-h-[300px] overflow-y-auto overflow-x-hidden');
export const CommandEmpty = styled(CommandPrimitive.Empty, 'py-6 text-center text-sm');
export const CommandGroup = styled(
  CommandPrimitive.Group,
  'overflow-hidden p-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground',
);
export const CommandItem = styled(
  CommandPrimitive.Item,
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden data-[disabled=true]:pointer-events-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[disabled=true]:opacity-50 [&_svg:not([class*='size-'])]:size-4",
);
