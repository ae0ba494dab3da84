import { SearchIcon } from 'lucide-react';
import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A search box with an icon; `label` is its accessible name. */
export function SearchInput({
  label,
  className,
  ...props
}: React.ComponentProps<'input'> & { label: string }) {
  return (
    <div className={cn('relative w-full sm:max-w-xs', className)}>
      <SearchIcon
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        aria-hidden
      />
      <Input type="search" aria-label={label} placeholder={label} className="pl-8" {...props} />
    </div>
  );
}
