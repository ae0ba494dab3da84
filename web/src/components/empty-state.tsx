import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { LinkButton } from '@/components/link-button';
import { cn } from '@/lib/utils';

interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  /** A sentence saying what to do next. */
  description?: React.ReactNode;
  action?: React.ReactNode;
  /** A way out of a page that shows nothing (no access, not found): an outline link back. */
  back?: { to: string; label: string };
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, back, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center',
        className,
      )}
    >
      {Icon && (
        <div className="flex size-10 items-center justify-center rounded-full bg-muted">
          <Icon className="size-5 text-muted-foreground" aria-hidden />
        </div>
      )}
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        {description && <div className="max-w-md text-muted-foreground text-sm">{description}</div>}
      </div>
      {action}
      {back && (
        <LinkButton to={back.to} variant="outline">
          {back.label}
        </LinkButton>
      )}
    </div>
  );
}
