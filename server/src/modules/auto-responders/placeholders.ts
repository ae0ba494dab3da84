/**
 * The placeholders of a responder's message (contract section 9), filled when it is sent. An unknown
 * `{{...}}` stays as written, so a typo shows in the message rather than vanishing.
 */
export interface PlaceholderValues {
  customerName: string;
  appName: string;
  queueName: string | null;
  /** When the company next opens; null when it has no opening ahead. */
  nextOpen: Date | null;
  timezone: string;
}

/** "Monday 30 November at 09:00" in the company's timezone; "now" when it is open. */
function openingText(at: Date | null, timezone: string, now: Date) {
  if (!at) return 'soon';
  if (at.getTime() <= now.getTime()) return 'now';
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${day.format(at)} at ${time.format(at)}`;
}

export function fillPlaceholders(template: string, v: PlaceholderValues, now = new Date()) {
  const values: Record<string, string> = {
    'customer.name': v.customerName,
    'app.name': v.appName,
    'queue.name': v.queueName ?? v.appName,
    'business_hours.next_open': openingText(v.nextOpen, v.timezone, now),
  };
  return template.replace(/\{\{\s*([a-z_.]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
