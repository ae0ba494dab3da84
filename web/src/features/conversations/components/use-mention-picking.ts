import type { MentionablePerson } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { mentionableQuery } from '../api-mentions';
import { insertMention, matchPeople, mentionedIds, mentionQuery } from '../mentions';
import { pickerKey, stepped } from './picker-keys';

/** At most this many people are listed at once; typing narrows the list. */
const SHOWN = 8;

/**
 * The `@` picker of an internal note: the people who can see the conversation (but oneself), filtered by what
 * follows the `@`; arrows move, Enter or Tab puts `@Name` in the text, Escape closes it until that `@` is
 * gone. `ids` are the people the text still mentions, for the send.
 */
export function useMentionPicking({
  cid,
  conversationId,
  selfId,
  enabled,
  text,
  caret,
  setText,
  setCaret,
  area,
}: {
  cid: number;
  conversationId: number;
  selfId: number | undefined;
  /** Only a note mentions; a reply lists no one. */
  enabled: boolean;
  text: string;
  caret: number;
  setText: (value: string) => void;
  setCaret: (caret: number) => void;
  area: RefObject<HTMLTextAreaElement | null>;
}) {
  const people = useQuery({ ...mentionableQuery(cid, conversationId), enabled });
  const asked = enabled ? mentionQuery(text, caret) : null;
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const askedAt = asked?.start ?? null;
  const query = asked?.query ?? null;
  useEffect(() => {
    if (askedAt === null) setDismissed(false);
  }, [askedAt]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts again from the best match
  useEffect(() => setActive(0), [query]);

  const everyone = people.data ?? [];
  const others = everyone.filter((p) => p.user_id !== selfId);
  const open = asked !== null && !dismissed;
  const list = open ? matchPeople(others, asked.query).slice(0, SHOWN) : [];

  const choose = (person: MentionablePerson) => {
    if (!asked) return;
    const next = insertMention(text, asked, caret, person.name);
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const keys = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return false;
    const key = pickerKey(e);
    if (key === 'close') setDismissed(true);
    else if ((key === 'next' || key === 'previous') && list.length > 0)
      setActive(stepped(active, list.length, key));
    else if (key === 'choose' && list[active]) choose(list[active]);
    // Nobody matches: Enter sends and Tab moves on, as without the picker (the `@` stays plain text).
    else return false;
    e.preventDefault();
    return true;
  };

  return {
    open,
    query: asked?.query ?? '',
    list,
    active,
    setActive,
    choose,
    keys,
    loading: people.isPending && enabled,
    failed: people.isError,
    ids: enabled ? mentionedIds(text, everyone) : [],
  };
}
