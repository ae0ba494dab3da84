import type { ConsoleMessage } from '@inbox/contract';
import { BotIcon, LockIcon } from 'lucide-react';
import { MessageText } from '@/components/message-text';
import { messageTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AttachmentChip } from './attachment-chip';
import { ImagePreview } from './image-preview';
import { MentionedText } from './mentioned-text';

/**
 * One message, styled by who wrote it: the customer on the left, agents on the right, automatic replies on the
 * right with a bot mark, internal notes in amber, system lines centred and muted.
 */
export function MessageBubble({ message: m }: { message: ConsoleMessage }) {
  const time = (
    <time dateTime={m.created_ts} className="shrink-0">
      {messageTime(m.created_ts)}
    </time>
  );
  if (m.sender_type === 'system') {
    return (
      <div data-message-id={m.message_id} data-sender="system" className="flex justify-center px-2">
        <p className="max-w-[90%] rounded-full bg-muted px-3 py-1 text-center text-muted-foreground text-xs">
          {m.content} <span aria-hidden>·</span> {time}
        </p>
      </div>
    );
  }
  const note = m.is_private;
  const outgoing = m.sender_type !== 'customer';
  return (
    <div
      data-message-id={m.message_id}
      data-sender={m.sender_type}
      data-note={note || undefined}
      className={cn(
        'flex flex-col gap-1',
        outgoing ? 'items-end pl-8 sm:pl-16' : 'items-start pr-8 sm:pr-16',
      )}
    >
      <div className="flex items-center gap-1.5 px-1 text-muted-foreground text-xs">
        {note && (
          <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
            <LockIcon className="size-3" aria-hidden />
            Internal note
            <span aria-hidden>·</span>
          </span>
        )}
        {m.sender_type === 'auto' && <BotIcon className="size-3.5" aria-label="Automatic reply" />}
        <span className="truncate font-medium">{m.sender_name}</span>
        <span aria-hidden>·</span>
        {time}
      </div>
      <div
        className={cn(
          'flex max-w-full flex-col gap-2 rounded-2xl px-3.5 py-2 text-sm shadow-xs',
          note
            ? 'rounded-tr-sm border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-50'
            : m.sender_type === 'auto'
              ? 'rounded-tr-sm border border-dashed bg-secondary text-secondary-foreground'
              : outgoing
                ? 'rounded-tr-sm bg-primary text-primary-foreground'
                : 'rounded-tl-sm border bg-card text-card-foreground',
        )}
      >
        {m.content && (
          <p className="whitespace-pre-wrap break-words">
            {note && m.mentions?.length ? (
              <MentionedText text={m.content} mentions={m.mentions} />
            ) : (
              <MessageText text={m.content} />
            )}
          </p>
        )}
        {m.attachments.length > 0 && (
          <div className="flex flex-col gap-1.5">
            {m.attachments.map((a) => (
              <div key={a.attachment_id} className="flex flex-col gap-1">
                {a.mime_type?.startsWith('image/') && <ImagePreview attachment={a} />}
                <AttachmentChip attachment={a} />
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
