/** Small text tools for the offline AI methods: sentences, terms, names. English-leaning, never failing. */

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just let me more most ' +
    'my myself no nor not now of off on once only or other our ours ourselves out over own same she should ' +
    'so some such than that the their theirs them themselves then there these they this those through to ' +
    'too under until up very was we were what when where which while who whom why will with would you your ' +
    'yours yourself yourselves also get got im ive id dont cant wont didnt doesnt isnt its thats theres ' +
    'hi hello hey dear thanks thank please regards best cheers kind ok okay yes yeah sure would like need ' +
    'one still already know see want going go us via able well much many'
  ).split(' '),
);

/** Sentences of a message: split at sentence ends and line breaks, blank pieces dropped. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** A crude plural fold, so "orders" and "order" count as one term. */
const fold = (w: string) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** Content words, lower-cased, without stop words; numbers (order ids, amounts) are kept. */
export function terms(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? [];
  return words.filter((w) => (w.length > 2 || /\d/.test(w)) && !STOP_WORDS.has(w)).map(fold);
}

/** One line of at most `max` characters, cut at a word boundary. */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/u, '')}…`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces a whole word (case-sensitive, Unicode-aware boundaries). */
export function replaceWord(text: string, word: string, by: string): string {
  if (!word || word === by) return text;
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'gu'), by);
}

/**
 * "2026-11-21 11:15 CET": the company's wall-clock time (its timezone setting), with the zone's short name so
 * a reader elsewhere is not misled.
 */
export function stamp(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}
