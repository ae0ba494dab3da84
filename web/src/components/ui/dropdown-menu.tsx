import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import type * as React from 'react';
import { portalled, styled } from '@/lib/styled';
import { cn } from '@/lib/utils';

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;

export const DropdownMenuContent = portalled(
  DropdownMenuPrimitive.Portal,
  DropdownMenuPrimitive.Content,
  'z-50 min-w-[8rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
  { sideOffset: 4 },
);

export const DropdownMenuItem = ({
  className,
  variant,
  ...p
}: React.ComponentProps<typeof DropdownMenuPrimitive.Item> & { variant?: 'destructive' }) => (
  <DropdownMenuPrimitive.Item
    className={cn(
      'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
      variant === 'destructive' && 'text-destructive focus:text-destructive',
      className,
    )}
    {...p}
  />
);
export const DropdownMenuLabel = styled(DropdownMenuPrimitive.Label, 'px-2 py-1.5 text-sm font-medium');
export const DropdownMenuSeparator = styled(DropdownMenuPrimitive.Separator, '-mx-1 my-1 h-px bg-border');
