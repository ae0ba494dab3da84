import type { ConsoleMessage } from '@inbox/contract';
import { ArrowDownIcon } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { parseServerTime } from '@/lib/format';
import { dayLabel } from '../thread-model';
import { MessageBubble } from './message-bubble';

const NEAR_BOTTOM_PX = 120;

interface MessageListProps {
  conversationId: number;
  messages: ConsoleMessage[];
  typing: string | null;
}

/**
 * The thread, oldest first, with a heading per day. It opens at the newest message and follows new ones
 * while the reader is at the bottom; someone reading further up gets a 'New messages' button instead.
 */
export function MessageList({ conversationId, messages, typing }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef({ conversationId, count: 0 });
  const [unseen, setUnseen] = useState(false);

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
  };

  // Scrolling follows the DOM, so it runs after layout: on opening, and when messages or typing arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread's content changes
  useLayoutEffect(() => {
    const opened = seen.current.conversationId !== conversationId;
    const grew = messages.length > seen.current.count;
    const mine = grew && messages.at(-1)?.sender_type !== 'customer';
    seen.current = { conversationId, count: messages.length };
    if (opened || atBottom.current || mine) toBottom();
    else if (grew) setUnseen(true);
  }, [conversationId, messages.length, typing]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setUnseen(false);
  };

  let lastDay = '';
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-full overflow-y-auto px-3 py-4 sm:px-5"
        role="log"
        aria-label="Messages"
      >
        {messages.length === 0 && (
          <p className="py-10 text-center text-muted-foreground text-sm">
            No messages in this conversation yet.
          </p>
        )}
        <div className="mx-auto flex max-w-3xl flex-col gap-3">
          {messages.map((m) => {
            const day = dayLabel(parseServerTime(m.created_ts));
            const heading = day !== lastDay;
            lastDay = day;
            return (
              <Fragment key={m.message_id}>
                {heading && (
                  <div className="flex items-center gap-3 py-1 text-muted-foreground text-xs">
                    <span className="h-px flex-1 bg-border" />
                    {day}
                    <span className="h-px flex-1 bg-border" />
                  </div>
                )}
                <MessageBubble message={m} />
              </Fragment>
            );
          })}
          {typing && (
            <p className="flex items-center gap-2 px-1 text-muted-foreground text-xs" data-testid="typing">
              <span className="flex gap-0.5" aria-hidden>
                <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
              </span>
              {typing}
            </p>
          )}
        </div>
      </div>
      {unseen && (
        <Button
          size="sm"
          variant="secondary"
          onClick={toBottom}
          className="-translate-x-1/2 absolute bottom-3 left-1/2 rounded-full shadow-md"
        >
          <ArrowDownIcon aria-hidden />
          New messages
        </Button>
      )}
    </div>
  );
}
