import { Paperclip, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ACCEPTED_FILES } from '../constants';
import { Spinner } from '../shared/spinner';
import type { Id } from '../types';
import type { Phase } from './messages';
import { UploadChips } from './upload-chips';
import type { useUploads } from './use-uploads';

const PLACEHOLDER: Record<Phase, string> = {
  active: 'Type your message...',
  expired: 'Session expired',
  ended: 'Conversation ended',
};

interface Props {
  phase: Phase;
  /** Not ready yet (the conversation is still loading). */
  disabled?: boolean;
  sending: boolean;
  error: string | null;
  uploads: ReturnType<typeof useUploads>;
  onType: () => void;
  onSend: (content: string, attachmentIds: Id[]) => Promise<boolean>;
}

/** Attach, write, send. Enter sends, Shift+Enter breaks the line; a failed send keeps the draft. */
export function Composer({ phase, disabled = false, sending, error, uploads, onType, onSend }: Props) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const closed = disabled || phase !== 'active';
  const canSend = !closed && !sending && !uploads.busy && (text.trim() !== '' || uploads.ready.length > 0);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend) return;
    const ok = await onSend(
      text,
      uploads.ready.map((a) => a.attachment_id),
    );
    if (ok) {
      setText('');
      uploads.clear();
      textArea.current?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <footer className="border-t bg-background pb-[env(safe-area-inset-bottom)]">
      <form onSubmit={submit} className="mx-auto w-full max-w-3xl px-3 pt-2 pb-3 sm:px-4">
        {error && (
          <p role="alert" className="pb-2 text-destructive text-sm">
            {error}
          </p>
        )}
        {!closed && <UploadChips uploads={uploads.uploads} onRemove={uploads.remove} />}
        <div className="flex items-end gap-2">
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            className="hidden"
            data-testid="file-input"
            disabled={closed}
            onChange={(e) => {
              if (e.target.files?.length) uploads.add(Array.from(e.target.files));
              e.target.value = '';
            }}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-10 rounded-full text-muted-foreground"
            aria-label="Attach files"
            disabled={closed}
            onClick={() => fileInput.current?.click()}
          >
            <Paperclip className="size-5" />
          </Button>
          <textarea
            ref={textArea}
            rows={1}
            value={text}
            disabled={closed}
            placeholder={PLACEHOLDER[phase]}
            aria-label="Message"
            enterKeyHint="send"
            onChange={(e) => {
              setText(e.target.value);
              onType();
            }}
            onKeyDown={onKeyDown}
            className="field-sizing-content max-h-36 min-h-10 flex-1 resize-none rounded-2xl border border-input bg-muted/40 px-4 py-2 text-base outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-input/30"
          />
          <Button
            type="submit"
            size="icon"
            className="size-10 rounded-full"
            aria-label="Send message"
            disabled={!canSend}
          >
            {sending ? <Spinner /> : <SendHorizontal className="size-5" />}
          </Button>
        </div>
      </form>
    </footer>
  );
}
