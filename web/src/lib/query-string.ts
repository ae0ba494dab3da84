export type QueryValue = string | number | boolean | null | undefined;

/** Builds `?a=1&b=x`, leaving out null, undefined and empty-string values (product spec section 5). */
export function toQueryString(params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
