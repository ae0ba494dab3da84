import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import type { PortalMessage } from '../types';
import { MessageBubble, senderLabel } from './message-bubble';
import { TypingIndicator } from './typing-indicator';

const NEAR_BOTTOM_PX = 120;

/**
 * The conversation, oldest first. It follows new messages while the reader is at the bottom (and always
 * after the customer's own send) but leaves them alone while they scroll back through history.
 */
export function MessageList({
  messages,
  token,
  agentTyping,
  footer,
}: {
  messages: PortalMessage[];
  token: string;
  agentTyping: boolean;
  footer?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const last = messages.at(-1);
  const hasFooter = footer != null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the typing indicator appearing also follows the bottom
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (atBottom.current || hasFooter || last?.sender_type === 'customer') el.scrollTop = el.scrollHeight;
  }, [last, agentTyping, hasFooter]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
      <div className="mx-auto w-full max-w-3xl px-3 pt-2 pb-4 sm:px-4">
        <ol aria-label="Messages" aria-live="polite" aria-relevant="additions" className="flex flex-col">
          {messages.map((m, i) => {
            const prev = messages[i - 1];
            const first = !prev || prev.sender_type !== m.sender_type || senderLabel(prev) !== senderLabel(m);
            return <MessageBubble key={String(m.message_id)} message={m} token={token} first={first} />;
          })}
          {agentTyping && <TypingIndicator />}
        </ol>
        {footer}
      </div>
    </div>
  );
}
