import { compile, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import type { ParsedMail } from 'mailparser';
import { FORWARD_MARKER, isForwardSubject, visibleReply } from './email-threads.ts';

/**
 * The text of an inbound mail (decision 043): its plain part when it has one, else its HTML turned into
 * readable text (paragraphs, line breaks, lists, links as "text (url)", no script or style), and the part a
 * thread shows: the mail without the quoted history the customer replied above. The listener parses with
 * `skipHtmlToText`, so `mail.text` holds only genuine plain parts and an HTML-only mail (alone, beside
 * attachments, or with inline images) is converted here, one way.
 */

/** Where quoted history starts in the HTML of a reply: a private-use character no mail writes. */
const CUT = '\uE000';

/**
 * The elements mail clients wrap quoted history in: Gmail, Apple Mail and Thunderbird (`blockquote
 * type=cite`), Thunderbird's "On ... wrote:" line, Yahoo, and Outlook's "From: ... Sent: ..." block, after
 * which everything is the earlier mail.
 */
const QUOTE_SELECTORS = [
  'div.gmail_quote',
  'blockquote[type=cite]',
  'div.moz-cite-prefix',
  'div.yahoo_quoted',
  '#divRplyFwdMsg',
  'div.OutlookMessageHeader',
];

type Node = { type: string; data?: string; children?: Node[] };

const textOf = (node: Node): string =>
  node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join('');

/** Quoted history becomes one cut mark; a forwarded message inside such a wrapper is kept as a block. */
const cutQuote: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 });
  if (FORWARD_MARKER.test(textOf(elem as Node))) walk(elem.children, builder);
  else builder.addInline(CUT);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const base: HtmlToTextOptions = {
  // Long lines stay whole: the console wraps them, and the "On ... wrote:" rule reads a line at a time.
  wordwrap: false,
  formatters: { cutQuote },
  selectors: [
    {
      selector: 'a',
      options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true, ignoreHref: false },
    },
    // Inline images arrive as the mail's attachments; in the text they would be long data: URLs.
    { selector: 'img', format: 'skip' },
    // Form mailers and ticket systems lay out their fields in tables: cells side by side, as written.
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 80 } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => ({ selector: h, options: { uppercase: false } })),
  ],
};

const fullText = compile(base);
const newText = compile({
  ...base,
  selectors: [...base.selectors!, ...QUOTE_SELECTORS.map((selector) => ({ selector, format: 'cutQuote' }))],
});

/** Lines that only draw a rule (Outlook's `<hr>` above its reply header), left dangling by the cut. */
const trailingRules = /(?:\n\s*[-_=─]{3,}\s*)+$/u;

/** Blank lines as one paragraph break: nested blocks of mail HTML otherwise leave runs of them. */
const tidy = (text: string) =>
  text
    .replace(/[ \t\u00a0]+$/gmu, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The whole text of a mail and the part a thread shows (equal when nothing was cut). */
export function mailBody(mail: Pick<ParsedMail, 'text' | 'html' | 'subject'>): {
  full: string;
  shown: string;
} {
  const forwarded = isForwardSubject(mail.subject ?? '');
  const plain = (mail.text ?? '').trim();
  if (plain || !mail.html) return { full: plain, shown: visibleReply(plain, forwarded) };
  const full = tidy(fullText(mail.html));
  if (forwarded) return { full, shown: full };
  const before = newText(mail.html).split(CUT)[0]!.replace(trailingRules, '');
  return { full, shown: visibleReply(tidy(before), false) };
}
