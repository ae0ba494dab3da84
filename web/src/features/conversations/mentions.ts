import type { Mention } from '@inbox/contract';

/** An `@` being typed: where it starts in the text, and what follows it up to the caret. */
export interface MentionQuery {
  start: number;
  query: string;
}

/**
 * What the note asks of the `@` picker: open while the caret follows an `@` that starts a word (at the start,
 * or after a space or a line break) and what follows holds no space yet. Null: no picker.
 */
export function mentionQuery(text: string, caret: number): MentionQuery | null {
  const head = text.slice(0, caret);
  const m = /(^|\s)@([^\s@]*)$/.exec(head);
  if (!m) return null;
  return { start: m.index + m[1]!.length, query: m[2]! };
}

/** People whose name or email holds what was typed after the `@` (any case), those whose name starts with it first. */
export function matchPeople<P extends { name: string; email: string }>(
  people: readonly P[],
  query: string,
): P[] {
  const q = query.toLowerCase();
  const starts = (p: P) =>
    p.name
      .toLowerCase()
      .split(/\s+/)
      .some((w) => w.startsWith(q));
  const holds = (p: P) => p.name.toLowerCase().includes(q) || p.email.toLowerCase().includes(q);
  return [...people.filter(starts), ...people.filter((p) => !starts(p) && holds(p))];
}

/** The text with `@query` replaced by `@Name ` and the caret after it. */
export function insertMention(text: string, at: MentionQuery, caret: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, at.start) + inserted + text.slice(caret), caret: at.start + inserted.length };
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where each `@Name` of these people stands in the text, longest names first so "@Sam Rivera" is not also read
 * as "@Sam"; a name ends where a letter or digit does not follow.
 */
export function mentionSpans(text: string, people: readonly Mention[]) {
  const taken: { start: number; end: number; person: Mention }[] = [];
  const byLength = [...people].sort((a, b) => b.name.length - a.name.length);
  for (const person of byLength) {
    if (!person.name) continue;
    const re = new RegExp(`@${literal(person.name)}(?![\\p{L}\\p{N}])`, 'gu');
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!taken.some((t) => start < t.end && end > t.start)) taken.push({ start, end, person });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

/** The ids of the people the text still mentions by `@Name` (each once), for the note's `mentions`. */
export function mentionedIds(text: string, people: readonly Mention[]): number[] {
  return [...new Set(mentionSpans(text, people).map((s) => s.person.user_id))];
}
