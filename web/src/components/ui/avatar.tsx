import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A round avatar showing a user's initials (there are no profile pictures). */
export function InitialsAvatar({
  initials,
  className,
  ...props
}: React.ComponentProps<'span'> & { initials: string }) {
  return (
    <span
      aria-hidden="true"
      data-slot="avatar"
      className={cn(
        'flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary font-medium text-primary-foreground text-xs uppercase',
        className,
      )}
      {...props}
    >
      {initials.slice(0, 2) || '?'}
    </span>
  );
}
