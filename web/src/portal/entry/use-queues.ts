import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { portalApi } from '../api';
import type { PortalQueues } from '../types';

export type QueuesState =
  | { status: 'loading' }
  | { status: 'ready'; data: PortalQueues }
  | { status: 'invalid' }
  | { status: 'error' };

/** An app the server does not know (INVALID_APP, or an id that is not an id at all) is an invalid link. */
const isInvalidApp = (err: unknown) =>
  err instanceof ApiError && (err.code === 'INVALID_APP' || err.status === 404 || err.status === 422);

export function useQueues(appId: string | null) {
  const [state, setState] = useState<QueuesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again
  useEffect(() => {
    if (!appId) return;
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    portalApi
      .queues(appId, ctrl.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setState({ status: isInvalidApp(err) ? 'invalid' : 'error' });
      });
    return () => ctrl.abort();
  }, [appId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
