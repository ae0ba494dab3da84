import { type CannedReplyPlaceholder, PLACEHOLDER_PATTERN } from '@inbox/contract';

/** A placeholder's value; null or blank means it has none, so its fallback (or nothing) applies. */
export type PlaceholderValues = Partial<Record<CannedReplyPlaceholder, string | null>>;

/**
 * Fills a canned reply's placeholders (contract section 13): a value when there is one, else the fallback
 * written after `|`, else the placeholder stays as written and its name goes to `missing`. A name the
 * product does not know is treated as one without a value, so a typo shows instead of vanishing.
 */
export function fillCannedPlaceholders(template: string, values: PlaceholderValues) {
  const missing: string[] = [];
  const content = template.replace(PLACEHOLDER_PATTERN, (whole, name: string, fallback?: string) => {
    const value = values[name as CannedReplyPlaceholder];
    if (value != null && value.trim() !== '') return value;
    if (fallback !== undefined) return fallback;
    if (!missing.includes(name)) missing.push(name);
    return whole;
  });
  return { content, missing };
}

/** The first word of a name: "Ada" of "Ada Lovelace"; null for a blank name. */
export const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || null;
