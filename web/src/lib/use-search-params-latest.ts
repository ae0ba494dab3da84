import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

type Update = (current: URLSearchParams) => URLSearchParams;

/**
 * `useSearchParams` whose updater sees every earlier update, even one the router has not rendered yet.
 * React Router hands a functional updater the params of the last render, so two quick changes (a radio,
 * then a queue) would each start from the same URL and the second would undo the first.
 */
export function useSearchParamsLatest(): [URLSearchParams, (update: Update) => void] {
  const [params, setParams] = useSearchParams();
  const seen = useRef(params);
  const latest = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  const update = useCallback(
    (fn: Update) => {
      latest.current = fn(new URLSearchParams(latest.current));
      setParams(latest.current, { replace: true });
    },
    [setParams],
  );
  return [params, update];
}
