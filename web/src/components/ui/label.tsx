import { Label as LabelPrimitive } from 'radix-ui';
import { styled } from '@/lib/styled';

export const Label = styled(
  LabelPrimitive.Root,
  'flex select-none items-center gap-2 text-sm font-medium leading-none',
  { 'data-slot': 'label' },
);

/** The first error message of a field, announced to screen readers. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-destructive text-sm">
      {message}
    </p>
  );
}
