import type { Mention } from '@inbox/contract';
import { Fragment } from 'react';
import { MessageText } from '@/components/message-text';
import { mentionSpans } from '../mentions';

/** A note's text with the people it mentions (`@Amy Agent`) marked out; the rest as any message's text. */
export function MentionedText({ text, mentions }: { text: string; mentions: readonly Mention[] }) {
  const spans = mentionSpans(text, mentions);
  if (spans.length === 0) return <MessageText text={text} />;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) parts.push(<MessageText key={`t${at}`} text={text.slice(at, s.start)} />);
    parts.push(
      <mark
        key={`m${s.start}`}
        data-testid="mention"
        data-user-id={s.person.user_id}
        className="rounded bg-amber-200/80 px-0.5 font-medium text-amber-950 dark:bg-amber-400/25 dark:text-amber-100"
      >
        {text.slice(s.start, s.end)}
      </mark>,
    );
    at = s.end;
  }
  if (at < text.length) parts.push(<MessageText key={`t${at}`} text={text.slice(at)} />);
  return <Fragment>{parts}</Fragment>;
}
