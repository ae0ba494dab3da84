import { Bot } from 'lucide-react';
import { MessageText } from '@/components/message-text';
import { messageTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { PortalMessage } from '../types';
import { AttachmentLink } from './attachment-link';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

export const senderLabel = (m: PortalMessage) =>
  m.sender_name ||
  (m.sender_type === 'auto' ? 'Automatic reply' : m.sender_type === 'agent' ? 'Support' : 'You');

/**
 * One message: the customer's own on the right in the primary colour, an agent's on the left on a card,
 * an automatic reply on the left with a dashed outline and a bot mark. `first` starts a run by one sender.
 */
export function MessageBubble({
  message,
  token,
  first,
}: {
  message: PortalMessage;
  token: string;
  first: boolean;
}) {
  const kind = message.sender_type;
  if (kind === 'system') {
    return (
      <li className="py-1 text-center text-muted-foreground text-xs" data-sender="system">
        {message.content}
      </li>
    );
  }
  const mine = kind === 'customer';
  const name = senderLabel(message);
  return (
    <li
      data-sender={kind}
      data-message-id={String(message.message_id)}
      className={cn('flex gap-2', mine ? 'flex-row-reverse' : 'flex-row', first ? 'mt-3' : 'mt-1')}
    >
      {!mine && (
        <span
          aria-hidden
          className={cn(
            'mt-5 flex size-8 shrink-0 items-center justify-center rounded-full font-medium text-xs',
            kind === 'auto' ? 'bg-muted text-muted-foreground' : 'bg-secondary text-secondary-foreground',
            !first && 'invisible',
          )}
        >
          {kind === 'auto' ? <Bot className="size-4" /> : initials(name)}
        </span>
      )}
      <div
        className={cn(
          'flex min-w-0 max-w-[80%] flex-col gap-1 sm:max-w-[70%]',
          mine ? 'items-end' : 'items-start',
        )}
      >
        {first && <span className="px-1 font-medium text-muted-foreground text-xs">{name}</span>}
        <div
          className={cn(
            'flex min-w-0 max-w-full flex-col gap-2 rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed',
            mine && 'rounded-tr-md bg-primary text-primary-foreground',
            kind === 'agent' && 'rounded-tl-md border bg-card text-card-foreground shadow-xs',
            kind === 'auto' && 'rounded-tl-md border border-dashed bg-muted/60 text-foreground',
          )}
        >
          {message.content && (
            <p className="whitespace-pre-wrap break-words">
              <MessageText text={message.content} />
            </p>
          )}
          {message.attachments?.map((a) => (
            <AttachmentLink key={String(a.attachment_id)} attachment={a} token={token} mine={mine} />
          ))}
        </div>
        <time dateTime={message.created_ts} className="px-1 text-[0.6875rem] text-muted-foreground">
          {messageTime(message.created_ts)}
        </time>
      </div>
    </li>
  );
}
