import type * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONES = {
  success: 'border-transparent bg-success/15 text-success',
  warning: 'border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-400',
  danger: 'border-transparent bg-destructive/15 text-destructive',
  info: 'border-transparent bg-sky-500/15 text-sky-700 dark:text-sky-400',
  muted: 'border-transparent bg-muted text-muted-foreground',
} as const;

export type Tone = keyof typeof TONES;

/** A soft, readable-in-both-themes status badge (active, suspended, private...). */
export function ToneBadge({
  tone,
  className,
  ...props
}: React.ComponentProps<typeof Badge> & { tone: Tone }) {
  return <Badge variant="outline" className={cn(TONES[tone], className)} {...props} />;
}

/** Active or Inactive, for apps and queues. */
export const ActiveBadge = ({ active }: { active: boolean }) => (
  <ToneBadge tone={active ? 'success' : 'muted'}>{active ? 'Active' : 'Inactive'}</ToneBadge>
);

/** Active or Suspended, for companies and user accounts. */
export const StatusBadge = ({ status }: { status: 'active' | 'suspended' }) => (
  <ToneBadge tone={status === 'active' ? 'success' : 'danger'}>
    {status === 'active' ? 'Active' : 'Suspended'}
  </ToneBadge>
);
