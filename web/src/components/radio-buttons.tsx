import type { LucideIcon } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  icon?: LucideIcon;
}

const NEXT: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A row of buttons that act as one choice (a segmented control): radio semantics and the radio keyboard
 * pattern. Tab reaches the chosen one only; arrow keys move and choose (wrapping), Home and End go to the
 * ends. The keys stay here: a page's own shortcuts (the inbox's arrows) do not see them.
 */
export function RadioButtons<T extends string>({
  options,
  value,
  onChange,
  className,
  iconClassName = 'size-3.5',
  buttonClassName,
  ...aria
}: {
  options: RadioOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  iconClassName?: string;
  /** The classes of one button, chosen or not. */
  buttonClassName: (active: boolean, value: T) => string;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = options.findIndex((o) => o.value === value);
    const to =
      e.key === 'Home' ? 0 : e.key === 'End' ? options.length - 1 : NEXT[e.key] ? at + NEXT[e.key]! : null;
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    const next = options[(to + options.length) % options.length]!;
    onChange(next.value);
    const buttons = e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]');
    buttons[options.indexOf(next)]?.focus();
  };
  return (
    <div role="radiogroup" {...aria} className={className} onKeyDown={move}>
      {options.map(({ value: v, label, icon: Icon }) => {
        const active = v === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as one row of buttons
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={active}
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(v)}
            className={cn(
              'outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
              buttonClassName(active, v),
            )}
          >
            {Icon && <Icon className={iconClassName} aria-hidden />}
            {label}
          </button>
        );
      })}
    </div>
  );
}
