import { type ReactNode, useId } from 'react';
import { FieldError, Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * A label, any control, a hint and the field's error, wired for screen readers. `children` receives the
 * control's id and its aria attributes.
 */
export function Field({
  label,
  error,
  hint,
  className,
  labelAction,
  id: givenId,
  children,
}: {
  label: string;
  error?: string;
  /** Shown under the control while there is no error. */
  hint?: ReactNode;
  className?: string;
  /** Something at the right end of the label row, such as a 'Forgot password?' link. */
  labelAction?: ReactNode;
  /** The control's id when the page needs a fixed one; otherwise one is made. */
  id?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const showHint = hint && !error;
  const describedBy = cn(error && `${id}-error`, showHint && `${id}-hint`) || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {showHint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
