import { Tabs as TabsPrimitive } from 'radix-ui';
import { styled } from '@/lib/styled';

export const Tabs = styled(TabsPrimitive.Root, 'flex flex-col gap-4');
export const TabsList = styled(
  TabsPrimitive.List,
  'inline-flex h-9 w-fit max-w-full items-center overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground',
);
export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  'inline-flex h-full flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-input/30 [&_svg]:size-4',
);
export const TabsContent = styled(TabsPrimitive.Content, 'flex-1 outline-none');
