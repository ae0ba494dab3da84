import { Separator as SeparatorPrimitive } from 'radix-ui';
import { styled } from '@/lib/styled';

export const Separator = styled(
  SeparatorPrimitive.Root,
  'shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px',
  { decorative: true, orientation: 'horizontal' },
);
