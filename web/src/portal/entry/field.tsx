import type { ReactNode } from 'react';
import { FieldError, Label } from '@/components/ui/label';

/** A labelled input with its error underneath, wired for screen readers. */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        <span>
          {label}
          {required && (
            <span className="text-destructive" aria-hidden>
              *
            </span>
          )}
          {hint && <span className="font-normal text-muted-foreground"> {hint}</span>}
        </span>
      </Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Props every input of a Field shares: id, invalid state and the error's description link. */
export const fieldProps = (id: string, error?: string, required = true) => ({
  id,
  name: id,
  'aria-required': required || undefined,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
