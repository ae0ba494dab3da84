import { type ComponentProps, type ComponentType, type ReactNode, useId } from 'react';
import {
  type Control,
  Controller,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { CardFooter } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';

/** What a picker inside a `PickerField` gets: the field's value and change, its id and whether it is invalid. */
export interface PickerSlot {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}

/** A form field whose control is a picker (a company, an app, a user): labelled, wired and with its error. */
export function PickerField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  children,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  error?: string;
  children: (slot: PickerSlot) => ReactNode;
}) {
  return (
    <Field label={label} error={error}>
      {(c) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <>
              {children({
                id: c.id,
                value: field.value,
                onChange: field.onChange,
                invalid: !!c['aria-invalid'],
              })}
            </>
          )}
        />
      )}
    </Field>
  );
}

/** A labelled textarea with its error; spread react-hook-form's `register(name)` into it. */
export function TextAreaField({
  label,
  error,
  ...props
}: ComponentProps<typeof Textarea> & { label: string; error?: string }) {
  return (
    <Field label={label} error={error}>
      {(control) => <Textarea rows={3} {...control} {...props} />}
    </Field>
  );
}

/**
 * `Field` (a text field or textarea taking `error`) bound to its form: registered under `name`, showing that
 * field's error.
 */
function boundToForm<P extends { error?: string }>(Field: ComponentType<P>) {
  return function Bound<T extends FieldValues>({
    form,
    name,
    ...props
  }: Omit<P, 'form' | 'name' | 'error'> & {
    form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
    name: Path<T>;
  }) {
    const error = get(form.formState.errors, name) as { message?: string } | undefined;
    const bound = { ...props, error: error?.message, ...form.register(name) } as unknown as P;
    return <Field {...bound} />;
  };
}

export const FormText = boundToForm(TextField);
export const FormTextArea = boundToForm(TextAreaField);

/** An on/off setting in a bordered row: its label, an optional line saying what it does, the switch. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
          <div className="space-y-1">
            <Label htmlFor={id}>{label}</Label>
            {hint && <p className="text-muted-foreground text-xs">{hint}</p>}
          </div>
          <Switch id={id} disabled={disabled} checked={field.value} onCheckedChange={field.onChange} />
        </div>
      )}
    />
  );
}

/** Save and, once something changed, Discard: the footer of a settings card that edits in place. */
export function SaveFooter({
  form,
  pending,
}: {
  /** The form it saves: Save waits for a change, Discard resets it. */
  form: { formState: { isDirty: boolean }; reset: () => void };
  pending: boolean;
}) {
  const dirty = form.formState.isDirty;
  return (
    <CardFooter className="gap-2">
      <Button type="submit" disabled={pending || !dirty}>
        {pending ? 'Saving...' : 'Save changes'}
      </Button>
      {dirty && (
        <Button type="button" variant="ghost" onClick={() => form.reset()} disabled={pending}>
          Discard
        </Button>
      )}
    </CardFooter>
  );
}
