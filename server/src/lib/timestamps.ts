/** `2026-11-25 23:48:37.123456+00`: PostgreSQL's text for a timestamptz in a UTC session. */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00(?::00)?$/;

/**
 * A timestamp as read from the database (text, or a Date) in the contract's ISO form. Text in UTC is
 * rewritten without parsing a Date: for the inbox list's 300 timestamps a poll, `new Date(text)` was the
 * largest cost of building the answer. Anything else goes through Date, as before.
 */
export function isoFromDb(v: Date | string): string {
  if (typeof v === 'string') {
    const m = PG_UTC.exec(v);
    if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return new Date(v).toISOString();
}
