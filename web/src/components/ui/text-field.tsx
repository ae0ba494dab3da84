import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { FieldError, Label } from './label';

/**
 * A labelled input with its error underneath, wired for screen readers (aria-invalid, aria-describedby).
 * Spread react-hook-form's `register(name)` into it.
 */
export function TextField({
  label,
  error,
  hint,
  className,
  labelAction,
  ...props
}: ComponentProps<typeof Input> & {
  label: string;
  error?: string;
  hint?: string;
  /** Something at the right end of the label row, such as a 'Forgot password?' link. */
  labelAction?: ReactNode;
}) {
  const id = useId();
  const inputId = props.id ?? id;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAction}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(error && errorId, hint && hintId) || undefined}
        {...props}
      />
      {hint && !error && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
