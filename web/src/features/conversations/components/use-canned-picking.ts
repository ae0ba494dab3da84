import type { CannedReply } from '@inbox/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { renderCannedReply } from '@/components/canned-replies/api';
import { toastError } from '@/components/server-errors';
import { pickerQuery } from './canned-picker';
import { pickerKey, stepped } from './picker-keys';
import type { useUploads } from './use-uploads';

/**
 * The `/` picker's state beside the composer's text: where the caret is, whether Escape closed it (until the
 * text stops starting with `/`), what it lists and which one is highlighted.
 */
export function useCannedPicking(text: string) {
  const [caret, setCaret] = useState(text.length);
  const [dismissed, setDismissed] = useState(false);
  const [list, setListState] = useState<CannedReply[]>([]);
  const [fresh, setFresh] = useState(false);
  const [active, setActive] = useState(0);
  const [choosing, setChoosing] = useState(false);
  const pending = useRef(false);
  const asked = pickerQuery(text, caret);
  useEffect(() => {
    if (asked === null) setDismissed(false);
  }, [asked]);
  // A new query starts again from the first (best ranked) reply.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => setActive(0), [asked]);
  const setList = useCallback((next: CannedReply[], isFresh: boolean) => {
    setListState(next);
    setFresh(isFresh);
    setActive((i) => (i < next.length ? i : 0));
  }, []);
  return {
    query: dismissed ? null : asked,
    caret,
    setCaret,
    dismiss: () => setDismissed(true),
    list,
    fresh,
    setList,
    active,
    setActive,
    choosing,
    setChoosing,
    pending,
  };
}

type CannedPicking = ReturnType<typeof useCannedPicking>;

/**
 * What the composer does with the picker: insert a chosen reply at the caret (its files join the upload
 * chips), drive the list from the keyboard, and select a placeholder the agent still has to fill.
 */
export function useCannedActions({
  canned,
  text,
  setText,
  conversationId,
  uploads,
  area,
}: {
  canned: CannedPicking;
  text: string;
  setText: (value: string) => void;
  conversationId: number;
  uploads: ReturnType<typeof useUploads>;
  area: RefObject<HTMLTextAreaElement | null>;
}) {
  /** The canned reply's text in place of the `/query`, at the caret; its files join the upload chips. */
  const choose = (reply: { canned_reply_id: number }) => {
    const caret = canned.caret;
    canned.setChoosing(true);
    renderCannedReply(reply.canned_reply_id, conversationId)
      .then((rendered) => {
        const rest = text.slice(caret);
        setText(rendered.content + rest);
        uploads.adopt(
          rendered.attachments.map((a) => ({ name: a.original_filename, size: a.file_size, attachment: a })),
        );
        const at = rendered.content.length;
        canned.setCaret(at);
        requestAnimationFrame(() => {
          area.current?.focus();
          area.current?.setSelectionRange(at, at);
        });
      })
      .catch((err) => toastError(err, 'The canned reply could not be inserted'))
      .finally(() => canned.setChoosing(false));
  };

  /** Selects a placeholder in the text, so the agent sees where it is and can type over it. */
  const selectPlaceholder = (name: string) => {
    const match = new RegExp(`\\{\\{\\s*${name.replace(/\./g, '\\.')}\\s*(\\|[^}]*)?\\}\\}`).exec(text);
    if (!match || !area.current) return;
    area.current.focus();
    area.current.setSelectionRange(match.index, match.index + match[0].length);
  };

  const pickerKeys = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (canned.query === null) return false;
    const count = canned.list.length;
    const key = pickerKey(e);
    if (key === 'close') {
      canned.pending.current = false;
      canned.dismiss();
    } else if ((key === 'next' || key === 'previous') && count > 0) {
      canned.setActive(stepped(canned.active, count, key));
    } else if (key === 'choose') {
      const chosen = canned.list[canned.active];
      // Tab with nothing to choose moves on as usual; Enter never sends the `/query` itself. While the list
      // still answers an earlier query, the choice waits for the answer to what was typed (its first reply):
      // the earlier list's first may not match what was typed since.
      if (!canned.fresh) canned.pending.current = true;
      else if (!chosen && e.key === 'Tab') return false;
      else if (chosen && !canned.choosing) choose(chosen);
    } else return false;
    e.preventDefault();
    return true;
  };

  // A choice made while the list was on its way: the first reply of the answer, once it is here.
  const first = canned.fresh ? canned.list[0] : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer arrives, not on each render
  useEffect(() => {
    if (!first || !canned.pending.current) return;
    canned.pending.current = false;
    choose(first);
  }, [first]);

  return { choose, pickerKeys, selectPlaceholder };
}
