import { openingText } from '../../lib/business-hours.ts';

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

export function fillPlaceholders(template: string, v: PlaceholderValues, now = new Date()) {
  const values: Record<string, string> = {
    'customer.name': v.customerName,
    'app.name': v.appName,
    'queue.name': v.queueName ?? v.appName,
    'business_hours.next_open': openingText(v.nextOpen, v.timezone, now),
  };
  return template.replace(/\{\{\s*([a-z_.]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
