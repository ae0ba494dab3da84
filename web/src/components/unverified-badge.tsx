import { MailQuestionMarkIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

const EXPLANATION =
  'The visitor typed this email address but has not proven it is theirs. They may not be this customer: ' +
  'share no account or order details until they do (a secure link proves it).';

/**
 * Marks a conversation whose visitor only typed the customer's email (decision 037): amber and outlined, so it
 * reads as a caution rather than an error. Inside a link (a list row) it explains itself with the native
 * title, since a focusable tooltip trigger cannot sit inside a link; elsewhere with a tooltip reachable by
 * keyboard.
 */
export function UnverifiedBadge({ inLink = false, className }: { inLink?: boolean; className?: string }) {
  const badge = (
    <Badge
      variant="outline"
      data-testid="unverified-badge"
      className={cn(
        'border-amber-500/60 bg-amber-500/10 text-amber-800 dark:border-amber-400/50 dark:text-amber-300',
        className,
      )}
      {...(inLink ? { title: EXPLANATION } : { tabIndex: 0 })}
    >
      <MailQuestionMarkIcon aria-hidden />
      Email not verified
    </Badge>
  );
  if (inLink) return badge;
  // Its own provider, so the badge also works where no app-wide one is mounted (component tests).
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>{badge}</TooltipTrigger>
        <TooltipContent className="max-w-72 text-balance">{EXPLANATION}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
