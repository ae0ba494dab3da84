import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

/**
 * A console write that refreshes what it changed and says so: on success `changed` gets the answer (to put
 * the new record in the cache or drop stale lists) and the toast says `said`. Failures stay with the caller
 * (a form shows field errors, a dialog the server's sentence).
 */
export function useWrite<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  changed: (result: TResult) => void,
  said: (result: TResult, input: TInput) => string,
) {
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => {
      changed(result);
      toast.success(said(result, input));
    },
  });
}
