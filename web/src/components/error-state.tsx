import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-error';
import { cn } from '@/lib/utils';

interface ErrorStateProps {
  error: unknown;
  /** Shown when the error carries no text of its own. */
  fallback?: string;
  onRetry?: () => void;
  className?: string;
}

/** A failed load: the server's sentence and a way to try again. */
export function ErrorState({ error, fallback, onRetry, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-6 py-8 text-center',
        className,
      )}
    >
      <AlertTriangleIcon className="size-5 text-destructive" aria-hidden />
      <p className="text-sm">{messageOf(error, fallback)}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
