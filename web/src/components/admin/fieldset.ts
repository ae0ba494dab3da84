import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A fieldset's view of a form that holds its fields and maybe more (the platform admin's forms add a
 * company or app picker). react-hook-form cannot narrow a generic form's paths, so the view is a cast; the
 * fieldsets' `T extends Values` constraint is what makes it safe at every call site.
 */
export const fieldsOf = <Values extends FieldValues>(form: object) => form as UseFormReturn<Values>;

/** What every fieldset takes: the form that holds its fields, and whether they are read-only or take the focus. */
export interface FieldsetProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  disabled?: boolean;
  autoFocus?: boolean;
}
