import { Fragment } from 'react';

/**
 * Web addresses and email addresses in a message. Only http, https and mailto become links: a message is
 * written by a customer (anyone on the internet), so nothing else it says may become a link.
 */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/gi;
/** Punctuation that usually ends the sentence rather than the address: "see https://x.test/a." */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export interface TextPart {
  text: string;
  href?: string;
}

/** The message cut into plain text and links, in order; joined, the parts give back the text. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK)) {
    const raw = m[0];
    const shown = raw.replace(TRAILING, '');
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    const href =
      shown.includes('@') && !/^(https?:\/\/|www\.)/i.test(shown)
        ? `mailto:${shown}`
        : /^www\./i.test(shown)
          ? `https://${shown}`
          : shown;
    parts.push({ text: shown, href });
    at = m.index + shown.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** A message's text with its web and email addresses as safe links; line breaks are kept by the caller's CSS. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((p, i) =>
        p.href ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered
            key={i}
            href={p.href}
            target={p.href.startsWith('mailto:') ? undefined : '_blank'}
            rel="noopener noreferrer nofollow"
            className="break-all underline underline-offset-2"
          >
            {p.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
