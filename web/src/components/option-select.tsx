import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/input';

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A native select over labelled options, for a list's filters and sorts. `none` is a first option with the
 * empty value (All apps, Choose an app); `onValue` receives the chosen value as the select holds it, a string.
 */
export function OptionSelect({
  options,
  none,
  onValue,
  ...props
}: Omit<ComponentProps<typeof NativeSelect>, 'onChange' | 'children'> & {
  options: readonly SelectOption[];
  none?: string;
  onValue: (value: string) => void;
}) {
  return (
    <NativeSelect {...props} onChange={(e) => onValue(e.target.value)}>
      {none !== undefined && <option value="">{none}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}
