import { Popover as PopoverPrimitive } from 'radix-ui';
import { portalled } from '@/lib/styled';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export const PopoverContent = portalled(
  PopoverPrimitive.Portal,
  PopoverPrimitive.Content,
  'z-50 w-72 rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden',
  { align: 'start', sideOffset: 4 },
);
