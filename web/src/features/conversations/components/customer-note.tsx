import type { Customer } from '@inbox/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { ApiError, messageOf } from '@/lib/api-error';
import { useUpdateCustomer } from '@/lib/customers';

/**
 * The customer's `notes`, as the team's short note about them: edited in place and saved through the customer
 * update; a refused save keeps the text and says why under it.
 */
export function CustomerNote({ cid, customer }: { cid: number; customer: Customer }) {
  const [text, setText] = useState(customer.notes);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateCustomer(cid, customer.customer_id);
  const errorId = useId();
  const dirty = text !== customer.notes;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate(
          { notes: text },
          {
            onError: (err) =>
              setError((err instanceof ApiError && err.fieldError('notes')) || messageOf(err)),
          },
        );
      }}
    >
      <Textarea
        aria-label="Team note"
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        placeholder="Anything the team should know about this customer"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      {dirty && (
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={save.isPending}
            onClick={() => {
              setText(customer.notes);
              setError(null);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save note'}
          </Button>
        </div>
      )}
    </form>
  );
}
