import { describe, expect, it } from 'vitest';
import { insertMention, matchPeople, mentionedIds, mentionQuery, mentionSpans } from './mentions';

const people = [
  { user_id: 1, name: 'Sam Rivera', email: 'sam@northwind.test' },
  { user_id: 2, name: 'Sam', email: 'sam.b@northwind.test' },
  { user_id: 3, name: 'Lee Park', email: 'lee@northwind.test' },
];

describe('typing @ in a note', () => {
  it('asks the picker while the caret follows an @ that starts a word', () => {
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('Hi @le', 6)).toEqual({ start: 3, query: 'le' });
    expect(mentionQuery('line\n@sa', 8)).toEqual({ start: 5, query: 'sa' });
    // An email address, a finished word, or the caret elsewhere asks nothing.
    expect(mentionQuery('mail ann@x', 10)).toBeNull();
    expect(mentionQuery('@lee hello', 10)).toBeNull();
    expect(mentionQuery('@lee', 2)).toEqual({ start: 0, query: 'l' });
  });

  it('lists names starting with it first, then names or emails holding it', () => {
    expect(matchPeople(people, 'pa').map((p) => p.user_id)).toEqual([3]);
    expect(matchPeople(people, 'sam').map((p) => p.user_id)).toEqual([1, 2]);
    expect(matchPeople(people, 'ark').map((p) => p.user_id)).toEqual([3]);
    expect(matchPeople(people, 'northwind').map((p) => p.user_id)).toEqual([1, 2, 3]);
  });

  it('replaces the @query with the name and a space, the caret after it', () => {
    expect(insertMention('Hi @le, see', { start: 3, query: 'le' }, 6, 'Lee Park')).toEqual({
      text: 'Hi @Lee Park , see',
      caret: 13,
    });
  });
});

describe('the mentions a note carries', () => {
  it('are the people still named in the text, the longest name winning', () => {
    const text = '@Sam Rivera and @Lee Park, please look';
    expect(mentionedIds(text, people)).toEqual([1, 3]);
    expect(mentionSpans(text, people).map((s) => text.slice(s.start, s.end))).toEqual([
      '@Sam Rivera',
      '@Lee Park',
    ]);
    // A name edited away (or never typed) is not mentioned; a name followed by more letters is another word.
    expect(mentionedIds('@Lee Parkside, please', people)).toEqual([]);
    expect(mentionedIds('@Sam: and @Sam again', people)).toEqual([2]);
  });
});
