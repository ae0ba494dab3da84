import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';
import { portalled } from '@/lib/styled';

/** Product spec section 9: tooltip delay 700 ms, skip delay 300 ms. */
export function TooltipProvider(props: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300} {...props} />;
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export const TooltipContent = portalled(
  TooltipPrimitive.Portal,
  TooltipPrimitive.Content,
  'z-50 rounded-md bg-primary px-3 py-1.5 text-primary-foreground text-xs',
  { sideOffset: 4 },
);
