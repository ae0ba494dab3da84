import type { CannedReply } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Loader2Icon, PaperclipIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { cannedRepliesQuery } from '@/components/canned-replies/api';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { cn } from '@/lib/utils';

const SHOWN = 8;

/**
 * What the composer's text asks of the picker: open when it starts with `/` and the caret is still in that
 * first word; the query is what follows the `/` up to the caret. Null: no picker.
 */
export function pickerQuery(text: string, caret: number): string | null {
  const head = text.slice(0, caret);
  return /^\/\S*$/.test(head) ? head.slice(1) : null;
}

export const PICKER_ID = 'canned-picker';
export const optionId = (id: number) => `canned-option-${id}`;

/**
 * The `/` picker over the canned replies the agent may use in this conversation's app: short code, title and
 * a preview, searched on the server as the agent types. The composer keeps the keyboard (up, down, Enter or
 * Tab, Escape) and the highlighted index; the picker reports what it lists.
 */
export function CannedPicker({
  cid,
  appId,
  query,
  active,
  onActive,
  onList,
  onChoose,
  choosing,
}: {
  cid: number;
  appId: number;
  query: string;
  active: number;
  onActive: (index: number) => void;
  /** What it lists, and whether that answers the query as typed now (not an earlier one still shown). */
  onList: (replies: CannedReply[], fresh: boolean) => void;
  onChoose: (reply: CannedReply) => void;
  choosing: boolean;
}) {
  const search = useDebouncedValue(query, 80);
  const replies = useQuery(cannedRepliesQuery(cid, { appId, search, limit: SHOWN }));
  const list = replies.data?.data;
  const fresh = !!list && search === query && !replies.isPlaceholderData;
  useEffect(() => {
    onList(list ?? [], fresh);
  }, [list, fresh, onList]);

  return (
    <div
      className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
      data-testid="canned-picker"
      data-fresh={fresh}
    >
      <div className="flex items-center justify-between gap-2 border-b px-3 py-1.5 text-muted-foreground text-xs">
        <span>
          Canned replies{query && <> matching “{query}”</>} · ↑↓ to move, Enter to insert, Esc to close
        </span>
        {(replies.isFetching || choosing) && (
          <Loader2Icon className="size-3.5 animate-spin" aria-label="Loading" />
        )}
      </div>
      {replies.isError ? (
        <p className="px-3 py-3 text-destructive text-sm">Canned replies could not be loaded.</p>
      ) : list && list.length === 0 ? (
        <p className="px-3 py-3 text-muted-foreground text-sm">
          {query ? `No canned reply matches “${query}”.` : 'No canned replies yet.'}
        </p>
      ) : (
        <div
          id={PICKER_ID}
          role="listbox"
          aria-label="Canned replies"
          className="max-h-72 overflow-y-auto py-1"
        >
          {(list ?? []).map((r, i) => (
            <div
              key={r.canned_reply_id}
              id={optionId(r.canned_reply_id)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              // Keeps the textarea's focus (and caret): the choice is made on click, not on focus.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => onActive(i)}
              onClick={() => onChoose(r)}
              onKeyDown={(e) => e.key === 'Enter' && onChoose(r)}
              className={cn(
                'cursor-pointer px-3 py-1.5',
                i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/50',
              )}
            >
              <div className="flex min-w-0 items-baseline gap-2">
                <span className="shrink-0 font-medium font-mono text-sm">/{r.short_code}</span>
                <span className="min-w-0 truncate text-sm">{r.title}</span>
                {r.attachments.length > 0 && (
                  <PaperclipIcon
                    className="size-3 shrink-0 self-center text-muted-foreground"
                    aria-label={`${r.attachments.length} file${r.attachments.length === 1 ? '' : 's'}`}
                  />
                )}
              </div>
              <p className="truncate text-muted-foreground text-xs">{r.content}</p>
            </div>
          ))}
        </div>
      )}
      <div className="border-t px-3 py-1.5 text-xs">
        <Link to="/profile#canned-replies" className="text-primary underline-offset-4 hover:underline">
          Manage my canned replies
        </Link>
      </div>
    </div>
  );
}
