import { MessageSquareOffIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LinkButton } from '@/components/link-button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { typingText } from '../thread-model';
import { Composer } from './composer';
import { CustomerPanel } from './customer-panel';
import { MessageList } from './message-list';
import { ThreadHeader } from './thread-header';
import { useCustomerPanel } from './use-customer-panel';
import { type ThreadQuery, useEarlierMessages } from './use-thread';

interface ThreadPaneProps {
  cid: number;
  conversationId: number;
  thread: ThreadQuery;
  meId: number | undefined;
  backTo: string;
  onDeleted: () => void;
  paneRef: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * The right pane: one conversation with its header and actions, the messages, and the composer; beside it on a
 * wide screen the customer panel, on a narrower one the same panel as a sheet behind the header's button.
 */
export function ThreadPane({
  cid,
  conversationId,
  thread,
  meId,
  backTo,
  onDeleted,
  paneRef,
  className,
}: ThreadPaneProps) {
  const data = thread.data;
  const earlier = useEarlierMessages(cid, conversationId, data);
  const gone = thread.error instanceof ApiError && [403, 404, 422].includes(thread.error.status);
  const panel = useCustomerPanel();
  const customerPanel = data && (
    <CustomerPanel
      cid={cid}
      conversation={data.conversation}
      onClose={() => panel.setOpen(false)}
      className={panel.beside ? 'w-80 shrink-0 border-l' : 'h-full'}
    />
  );
  return (
    <div className={cn('flex min-h-0 min-w-0', className)}>
      <section ref={paneRef} aria-label="Conversation" className="flex min-h-0 min-w-0 flex-1 flex-col">
        {data ? (
          <>
            <ThreadHeader
              cid={cid}
              conversation={data.conversation}
              meId={meId}
              backTo={backTo}
              onDeleted={onDeleted}
              panelOpen={panel.open}
              onTogglePanel={() => panel.setOpen(!panel.open)}
            />
            <MessageList
              cid={cid}
              conversationId={conversationId}
              messages={data.messages}
              typing={typingText(data.typing, data.conversation.customer.name)}
              earlier={earlier}
            />
            <Composer
              cid={cid}
              conversationId={conversationId}
              appId={data.conversation.app_id}
              customerName={data.conversation.customer.name}
              status={data.conversation.status}
              channel={data.conversation.channel}
              lastCustomerTs={data.messages.findLast((m) => m.sender_type === 'customer')?.created_ts}
            />
          </>
        ) : thread.isPending ? (
          <ThreadSkeleton />
        ) : (
          <div className="p-4">
            {gone ? (
              <EmptyState
                icon={MessageSquareOffIcon}
                title="Conversation not found"
                description="It may have been deleted, or moved to a queue you cannot see."
                action={
                  <LinkButton to={backTo} variant="outline" size="sm">
                    Back to conversations
                  </LinkButton>
                }
              />
            ) : (
              <ErrorState error={thread.error} onRetry={() => thread.refetch()} />
            )}
          </div>
        )}
      </section>
      {panel.beside && panel.open && customerPanel}
      {!panel.beside && (
        <Sheet open={panel.open && !!data} onOpenChange={panel.setOpen}>
          <SheetContent className="right-0 left-auto w-[min(22rem,90vw)] bg-background">
            <SheetTitle className="sr-only">Customer details</SheetTitle>
            <SheetDescription className="sr-only">
              The customer of this conversation, their labels, note and other conversations.
            </SheetDescription>
            {customerPanel}
          </SheetContent>
        </Sheet>
      )}
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div className="flex flex-1 flex-col" role="status" aria-busy="true" aria-label="Loading conversation">
      <div className="space-y-2 border-b p-4">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-3 w-72 max-w-full" />
      </div>
      <div className="flex-1 space-y-4 p-5">
        <Skeleton className="h-14 w-2/3 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
        <Skeleton className="h-20 w-3/5 rounded-2xl" />
      </div>
    </div>
  );
}
