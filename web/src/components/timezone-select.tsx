import type * as React from 'react';
import { NativeSelect } from '@/components/ui/input';

let cached: string[] | undefined;

/** Every IANA zone the browser knows, with UTC first (it is the product's default). */
export function timezoneOptions(): string[] {
  if (!cached) {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    cached = ['UTC', ...zones.filter((z) => z !== 'UTC')];
  }
  return cached;
}

/** A native select of time zones; a stored zone the browser does not list is still offered. */
export function TimezoneSelect({ value, ...props }: React.ComponentProps<typeof NativeSelect>) {
  const options = timezoneOptions();
  const current = typeof value === 'string' ? value : undefined;
  const list = current && !options.includes(current) ? [current, ...options] : options;
  return (
    <NativeSelect value={value} {...props}>
      {list.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </NativeSelect>
  );
}
