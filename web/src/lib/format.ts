/** Server times are UTC; a timestamp without a zone is read as UTC, not local time. */
export function parseServerTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  const hasZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(value);
  return new Date(hasZone ? value : `${value.replace(' ', 'T')}Z`);
}

/** 'just now' under 60 s, then Nm / Nh / Nd ago, and a locale date after 7 days. */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = parseServerTime(value);
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `${days}d ago`;
  return date.toLocaleDateString();
}

/** Message time as 'h:mm a' (3:07 PM) in the viewer's time zone. */
export function messageTime(value: string | Date): string {
  const date = parseServerTime(value);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Bytes as B, KB or MB with one decimal (product spec section 9). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GB`;
}

/** An amount of storage (a plan's limit, what a company uses): "512 MB", "37.5 MB", "1,000 GB". */
export function storageSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return `${Number(n.toFixed(1)).toLocaleString('en-US')} ${units[unit]}`;
}

/** A count as lists show it: "1,234", or "1,000+" when the server stopped counting there. */
export function countLabel(total: number, capped = false): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** Up to two initials from a name: 'Sam Rivera' -> 'SR'. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts;
  return letters.map((p) => p.charAt(0).toUpperCase()).join('') || '?';
}
