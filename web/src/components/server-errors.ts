import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, messageOf } from '@/lib/api-error';

/**
 * Puts a failed mutation where the user looks: 422 field errors under the form's own fields, anything else
 * (or a field error the form has no input for) as a toast with the server's sentence.
 */
export function showServerError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback?: string,
) {
  let placed = false;
  if (err instanceof ApiError && err.errors) {
    for (const field of fields) {
      const message = err.fieldError(field);
      if (message) {
        setError(field, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
    }
  }
  if (!placed) toast.error(messageOf(err, fallback));
}

/** For actions without a form: the server's sentence in a toast. */
export const toastError = (err: unknown, fallback?: string) => toast.error(messageOf(err, fallback));
