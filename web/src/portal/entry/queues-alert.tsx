import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

const QUEUES_FAILED = 'Failed to load available support queues. Please try again.';

/** The topics could not be loaded: the form still works without them, and a retry is one tap away. */
export function QueuesAlert({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-destructive text-sm">
      <CircleAlert className="size-4 shrink-0" aria-hidden />
      <p role="alert" className="min-w-0 flex-1">
        {QUEUES_FAILED}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
