import type { ComponentProps, ReactNode } from 'react';
import { Field } from '@/components/field';
import { Input } from './input';

/**
 * A labelled input with its hint and error underneath, wired for screen readers (aria-invalid,
 * aria-describedby). Spread react-hook-form's `register(name)` into it.
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
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      labelAction={labelAction}
      id={props.id}
    >
      {(control) => <Input {...control} {...props} />}
    </Field>
  );
}
