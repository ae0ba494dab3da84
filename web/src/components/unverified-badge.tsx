import { MailQuestionMarkIcon } from 'lucide-react';
import type * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** What the badge means: its native title, and the thread header's tooltip. */
export const UNVERIFIED_EXPLANATION =
  'The visitor typed this email address but has not proven it is theirs. They may not be this customer: ' +
  'share no account or order details until they do (a secure link proves it).';

/**
 * Marks a conversation whose visitor only typed the customer's email (decision 037): amber and outlined, so it
 * reads as a caution rather than an error. It explains itself with its title (inside a row's link, where a
 * focusable tooltip trigger cannot sit); the thread header wraps it in a tooltip. No tooltip code here: the
 * inbox list renders it in every row.
 */
export function UnverifiedBadge({ className, ...props }: React.ComponentProps<typeof Badge>) {
  return (
    <Badge
      variant="outline"
      title={UNVERIFIED_EXPLANATION}
      className={cn(
        'border-amber-500/60 bg-amber-500/10 text-amber-800 dark:border-amber-400/50 dark:text-amber-300',
        className,
      )}
      {...props}
    >
      <MailQuestionMarkIcon aria-hidden />
      Email not verified
    </Badge>
  );
}
