import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A titled message with an icon and actions: invalid links, load failures. */
export function NoticeCard({
  icon: Icon,
  title,
  children,
  actions,
  tone = 'default',
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'default' | 'destructive';
}) {
  return (
    <Card role={tone === 'destructive' ? 'alert' : undefined} className="items-center gap-4 px-6 text-center">
      <span
        className={cn(
          'flex size-12 items-center justify-center rounded-full',
          tone === 'destructive' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
        )}
      >
        <Icon className="size-6" aria-hidden />
      </span>
      <h1 className="font-semibold text-lg">{title}</h1>
      {children && <div className="text-muted-foreground text-sm">{children}</div>}
      {actions && <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div>}
    </Card>
  );
}
