import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { styled } from '@/lib/styled';
import { cn } from '@/lib/utils';

const alertVariants = cva(
  'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        destructive: 'border-destructive/40 bg-destructive/5 text-destructive [&>div]:text-destructive/90',
        success: 'border-success/40 bg-success/10 text-success [&>div]:text-foreground/90',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Alert({
  className,
  variant,
  ...props
}: React.ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      data-slot="alert"
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export const AlertTitle = styled('div', 'col-start-2 min-h-4 font-medium tracking-tight');
export const AlertDescription = styled('div', 'col-start-2 grid justify-items-start gap-1 text-sm');
