import type { ConsoleMessage } from '@inbox/contract';
import { ArrowDownIcon, ArrowUpIcon, Loader2Icon } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { parseServerTime } from '@/lib/format';
import { dayLabel } from '../thread-model';
import { DeliveryState } from './delivery-state';
import { MessageBubble } from './message-bubble';
import type { EarlierMessages } from './use-thread';

const NEAR_BOTTOM_PX = 120;
const NEAR_TOP_PX = 80;
// Only the reader's own scrolling loads earlier messages, not scrolls made by code (ours, a test's, find).
const INTENT_MS = 1000;

interface MessageListProps {
  cid: number;
  conversationId: number;
  messages: ConsoleMessage[];
  typing: string | null;
  earlier: EarlierMessages;
}

/** Where a message starts within the scrolled content, whatever the scroll position. */
function contentTop(scroller: HTMLElement, messageId: number | undefined) {
  const el = scroller.querySelector(`[data-message-id="${messageId}"]`);
  if (!el) return 0;
  return el.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/**
 * The thread, oldest first, with a heading per day. It opens at the newest message and follows new ones
 * while the reader is at the bottom; someone reading further up gets a 'New messages' button instead.
 * Earlier messages load above (button, or scrolling to the top) without moving what the reader looks at.
 */
export function MessageList({ cid, conversationId, messages, typing, earlier }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef({ conversationId, first: 0, last: 0, firstTop: 0 });
  const readerScrolledAt = useRef(0);
  const readerScrolls = () => {
    readerScrolledAt.current = Date.now();
  };
  const [unseen, setUnseen] = useState(false);
  const first = messages[0]?.message_id ?? 0;
  const last = messages.at(-1)?.message_id ?? 0;

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
  };

  // Scrolling follows the DOM, so it runs after layout: on opening, and when messages or typing arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread's content changes
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = seen.current;
    const opened = before.conversationId !== conversationId;
    const grew = !opened && last > before.last;
    const mine = grew && messages.at(-1)?.sender_type !== 'customer';
    // Content added above would push the page down: scroll by as much as the old first message moved.
    const prepended = !opened && before.first > 0 && first < before.first;
    if (el && prepended) el.scrollTop += contentTop(el, before.first) - before.firstTop;
    seen.current = { conversationId, first, last, firstTop: el ? contentTop(el, first) : 0 };
    if (opened || mine || (atBottom.current && !prepended)) toBottom();
    else if (grew) setUnseen(true);
  }, [conversationId, first, last, typing]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setUnseen(false);
    const byReader = Date.now() - readerScrolledAt.current < INTENT_MS;
    if (byReader && el.scrollTop < NEAR_TOP_PX && earlier.available) earlier.load();
  };

  let lastDay = '';
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        onWheel={readerScrolls}
        onTouchMove={readerScrolls}
        onKeyDown={readerScrolls}
        onPointerDown={readerScrolls}
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
          {earlier.available && (
            <Button
              size="sm"
              variant="outline"
              onClick={earlier.load}
              disabled={earlier.loading}
              aria-busy={earlier.loading}
              className="self-center rounded-full"
            >
              {earlier.loading ? (
                <Loader2Icon className="animate-spin" aria-hidden />
              ) : (
                <ArrowUpIcon aria-hidden />
              )}
              Load earlier messages
            </Button>
          )}
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
                <DeliveryState cid={cid} message={m} />
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
