import { Headset } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import type { PortalConversation } from '../types';

/** App name, then company and queue: who the customer is talking to. */
export function ChatHeader({ conversation }: { conversation: PortalConversation | null }) {
  return (
    <header className="sticky top-0 z-10 border-b bg-background/95 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex w-full max-w-3xl items-center gap-3 px-4 py-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Headset className="size-5" aria-hidden />
        </span>
        {conversation ? (
          <div className="min-w-0">
            <h1 className="truncate font-semibold leading-tight">{conversation.app.app_name}</h1>
            <p className="truncate text-muted-foreground text-sm">
              {conversation.company.company_name}
              {conversation.queue?.queue_name && (
                <>
                  <span aria-hidden> · </span>
                  {conversation.queue.queue_name}
                </>
              )}
            </p>
          </div>
        ) : (
          <div className="grid gap-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3.5 w-48" />
          </div>
        )}
      </div>
    </header>
  );
}
