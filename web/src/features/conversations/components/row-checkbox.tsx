import { cn } from '@/lib/utils';

interface RowCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Who the row is, for screen readers: "Select Ada Park". */
  label: string;
  className?: string;
}

/** The bulk selection's box on a list row, beside the row's link (never inside it: a link holds no control). */
export function RowCheckbox({ checked, onChange, label, className }: RowCheckboxProps) {
  return (
    <label
      className={cn('flex shrink-0 cursor-pointer items-start border-b py-3 pr-1 pl-3', className)}
      title={label}
    >
      <input
        type="checkbox"
        className="size-4 cursor-pointer accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label}
      />
    </label>
  );
}
