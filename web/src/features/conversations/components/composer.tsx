import {
  ATTACHMENT_ACCEPT,
  type ConversationStatus,
  channelLabel,
  channelTakesFiles,
  REPLY_WINDOW_HOURS,
  replyWindowText,
  unfilledPlaceholders,
  WINDOWED_CHANNELS,
} from '@inbox/contract';
import { FileTextIcon, Loader2Icon, LockIcon, PaperclipIcon, SendIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { UploadChips } from '@/components/upload-chips';
import { parseServerTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { sendTyping, useSendMessage } from '../api-messages';
import { CannedPicker, optionId, PICKER_ID } from './canned-picker';
import { ComposerMode, type Mode } from './composer-mode';
import { MENTION_PICKER_ID, MentionPicker, mentionOptionId } from './mention-picker';
import { SuggestReply, suggestionNote } from './suggest-reply';
import { TemplateDialog } from './template-dialog';
import { useCannedActions, useCannedPicking } from './use-canned-picking';
import { useMentionPicking } from './use-mention-picking';
import { useNow } from './use-now';
import { useUploads } from './use-uploads';

const TYPING_THROTTLE_MS = 3000;
/** Unsent text per conversation, so moving to another chat and back keeps what was written. */
const drafts = new Map<number, string>();

const newClientId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface ComposerProps {
  cid: number;
  conversationId: number;
  /** The conversation's app: the `/` picker offers its canned replies beside the company's and one's own. */
  appId: number;
  customerName: string;
  status: ConversationStatus;
  /** The portal has sessions that end; other channels (email) reach the customer whatever the status. */
  channel: string;
  /** When the customer last wrote: WhatsApp and Messenger take free-form replies for 24 hours after it. */
  lastCustomerTs?: string;
}

/** What an ended conversation means for the customer, by channel; null while it is open or pending. */
export function endedNote(status: ConversationStatus, channel: string): string | null {
  if (status !== 'resolved' && status !== 'closed') return null;
  if (channel !== 'portal') return 'This conversation is resolved: a reply still reaches the customer.';
  return status === 'resolved'
    ? 'This conversation is resolved: the customer can no longer write in the portal.'
    : 'The customer’s portal session has expired: send a secure link so they can continue.';
}

/** Whether a free-form reply may still go out through this channel (WhatsApp, Messenger: 24 hours). */
export function replyWindowOpen(channel: string, lastCustomerTs: string | undefined, now: Date) {
  if (!WINDOWED_CHANNELS.includes(channel)) return true;
  if (!lastCustomerTs) return false;
  return now.getTime() - parseServerTime(lastCustomerTs).getTime() < REPLY_WINDOW_HOURS * 3_600_000;
}

/**
 * Reply or internal note: Enter sends, Shift+Enter starts a new line; files upload as soon as they are chosen.
 * It takes focus when a conversation opens (not on touch screens, where that would cover the thread).
 */
export function Composer({
  cid,
  conversationId,
  appId,
  customerName,
  status,
  channel,
  lastCustomerTs,
}: ComposerProps) {
  const [text, setTextState] = useState(() => drafts.get(conversationId) ?? '');
  const [mode, setMode] = useState<Mode>('reply');
  const [aiNote, setAiNote] = useState<string | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const clientId = useRef(newClientId());
  const lastTyping = useRef(0);
  const uploads = useUploads(conversationId);
  const send = useSendMessage(cid);
  const canned = useCannedPicking(text);

  const setText = (value: string) => {
    drafts.set(conversationId, value);
    setTextState(value);
  };
  const mention = useMentionPicking({
    cid,
    conversationId,
    selfId: useSession().user?.user_id,
    enabled: mode === 'note',
    text,
    caret: canned.caret,
    setText,
    setCaret: canned.setCaret,
    area,
  });

  useEffect(() => {
    if (!window.matchMedia?.('(pointer: coarse)').matches) area.current?.focus();
  }, []);

  const onType = (value: string) => {
    setText(value);
    // The customer sees "typing..." for replies only: a note is not for them.
    const now = Date.now();
    if (mode === 'reply' && value.trim() && now - lastTyping.current >= TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      sendTyping(conversationId);
    }
  };

  // A reply leaves through the conversation's channel; one that takes no files (SMS) gets none. Notes may.
  const filesAllowed = mode === 'note' || channelTakesFiles(channel);
  const filesBlocked = !filesAllowed && uploads.ready.length > 0;
  const now = useNow();
  const windowShut = mode === 'reply' && !replyWindowOpen(channel, lastCustomerTs, now);
  // A placeholder left in a reply would reach the customer as `{{customer.phone}}`: it is filled or removed first.
  const unfilled = mode === 'reply' ? unfilledPlaceholders(text) : [];
  const canSend =
    !send.isPending &&
    !uploads.busy &&
    !filesBlocked &&
    !windowShut &&
    unfilled.length === 0 &&
    (text.trim() !== '' || uploads.ready.length > 0);
  const submit = () => {
    if (!canSend) return;
    const ids = uploads.ready.map((a) => a.attachment_id);
    send.mutate(
      {
        conversation_id: conversationId,
        content: text.trim(),
        content_type: 'text',
        attachments: ids.length ? ids : undefined,
        is_private: mode === 'note' ? true : undefined,
        // The people the note still names by `@Name` (one picked and then edited away is not notified).
        mentions: mention.ids.length ? mention.ids : undefined,
        client_message_id: clientId.current,
      },
      {
        onSuccess: () => {
          setText('');
          setAiNote(null);
          uploads.clear();
          clientId.current = newClientId();
          area.current?.focus();
        },
      },
    );
  };

  const { choose, pickerKeys, selectPlaceholder } = useCannedActions({
    canned,
    text,
    setText,
    conversationId,
    uploads,
    area,
  });

  const note = mode === 'note';
  const activeReply = canned.query !== null ? canned.list[canned.active] : undefined;
  const activePerson = mention.open ? mention.list[mention.active] : undefined;
  const activeOption = activeReply
    ? optionId(activeReply.canned_reply_id)
    : activePerson && mentionOptionId(activePerson.user_id);
  return (
    <div className="border-t bg-background p-3">
      <div className="mx-auto max-w-3xl space-y-2">
        {endedNote(status, channel) && (
          <p className="text-muted-foreground text-xs">{endedNote(status, channel)}</p>
        )}
        {windowShut && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-amber-700 text-xs dark:text-amber-400" role="status">
              {replyWindowText(channel)}
            </p>
            {channel === 'whatsapp' && (
              <>
                <Button type="button" size="sm" variant="outline" onClick={() => setTemplatesOpen(true)}>
                  <FileTextIcon aria-hidden />
                  Send a template
                </Button>
                <TemplateDialog
                  cid={cid}
                  conversationId={conversationId}
                  open={templatesOpen}
                  onOpenChange={setTemplatesOpen}
                  newClientId={newClientId}
                />
              </>
            )}
          </div>
        )}
        {unfilled.length > 0 && (
          <p className="text-destructive text-xs" role="alert" data-testid="unfilled-placeholders">
            Fill in or remove {unfilled.length === 1 ? 'this placeholder' : 'these placeholders'} before
            sending:{' '}
            {unfilled.map((name, i) => (
              <span key={name}>
                {i > 0 && ', '}
                <button
                  type="button"
                  className="rounded bg-destructive/10 px-1 font-mono underline-offset-2 hover:underline"
                  onClick={() => selectPlaceholder(name)}
                  title="Select it in the text"
                >
                  {`{{${name}}}`}
                </button>
              </span>
            ))}
          </p>
        )}
        {filesBlocked && (
          <p className="text-destructive text-xs" role="alert">
            Files cannot be sent by {channelLabel(channel)}: remove them, or send them in a note.
          </p>
        )}
        <div className="flex items-center justify-between gap-2">
          <ComposerMode mode={mode} onChange={setMode} />
          <SuggestReply
            conversationId={conversationId}
            draft={text}
            onSuggestion={(answer) => {
              setMode('reply');
              setText(answer.completion);
              setAiNote(suggestionNote(answer));
              area.current?.focus();
            }}
          />
        </div>
        <div
          className={cn(
            'relative rounded-lg border shadow-xs transition-colors focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
            unfilled.length > 0 &&
              'border-destructive focus-within:border-destructive focus-within:ring-destructive/20',
            note
              ? 'border-amber-300 bg-amber-50/70 focus-within:border-amber-400 focus-within:ring-amber-400/30 dark:border-amber-500/40 dark:bg-amber-500/10'
              : 'bg-background dark:bg-input/30',
          )}
        >
          {canned.query !== null && (
            <CannedPicker
              cid={cid}
              appId={appId}
              query={canned.query}
              active={canned.active}
              onActive={canned.setActive}
              onList={canned.setList}
              onChoose={choose}
              choosing={canned.choosing}
            />
          )}
          {mention.open && <MentionPicker picking={mention} />}
          <label htmlFor={`composer-${conversationId}`} className="sr-only">
            {note ? 'Internal note' : 'Reply'}
          </label>
          <textarea
            id={`composer-${conversationId}`}
            ref={area}
            value={text}
            readOnly={send.isPending || canned.choosing}
            aria-busy={send.isPending || canned.choosing}
            aria-invalid={unfilled.length > 0 || undefined}
            aria-controls={canned.query !== null ? PICKER_ID : mention.open ? MENTION_PICKER_ID : undefined}
            aria-autocomplete="list"
            aria-activedescendant={activeOption}
            onChange={(e) => {
              canned.setCaret(e.target.selectionStart);
              onType(e.target.value);
            }}
            onSelect={(e) => canned.setCaret(e.currentTarget.selectionStart)}
            onKeyDown={(e) => {
              if (pickerKeys(e) || mention.keys(e)) return;
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            placeholder={
              note
                ? 'Write an internal note (only your team sees it)... Type @ to mention, / for canned replies'
                : `Reply to ${customerName}... Type / for canned replies`
            }
            rows={2}
            className="block max-h-48 min-h-16 w-full resize-none bg-transparent px-3 pt-2.5 text-base outline-none [field-sizing:content] placeholder:text-muted-foreground md:text-sm"
          />
          <div className="flex items-center gap-2 px-2 pb-2">
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="hidden"
              data-testid="file-input"
              onChange={(e) => {
                if (e.target.files) uploads.add(e.target.files);
                e.target.value = '';
              }}
            />
            {filesAllowed && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Attach files"
                onClick={() => fileInput.current?.click()}
                disabled={send.isPending}
              >
                <PaperclipIcon aria-hidden />
              </Button>
            )}
            <span className="hidden flex-1 text-muted-foreground text-xs sm:block">
              {aiNote ?? 'Enter to send · Shift+Enter for a new line'}
            </span>
            <Button
              type="button"
              size="sm"
              className={cn(
                'ml-auto',
                note && 'bg-amber-600 text-white hover:bg-amber-600/90 dark:bg-amber-500 dark:text-amber-950',
              )}
              onClick={submit}
              disabled={!canSend}
            >
              {send.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden />
              ) : note ? (
                <LockIcon aria-hidden />
              ) : (
                <SendIcon aria-hidden />
              )}
              {send.isPending ? 'Sending...' : note ? 'Add note' : 'Send'}
            </Button>
          </div>
        </div>
        <UploadChips uploads={uploads.uploads} onRemove={uploads.remove} />
        {aiNote && <p className="text-muted-foreground text-xs sm:hidden">{aiNote}</p>}
      </div>
    </div>
  );
}
