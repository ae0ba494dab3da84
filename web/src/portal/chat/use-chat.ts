import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { openEventStream } from '@/lib/event-stream';
import { PORTAL_API, portalApi } from '../api';
import { POLL_INTERVAL_MS, PORTAL_EVENT_TYPES, TEXT, TYPING_LAPSE_MS } from '../constants';
import { appIdOf, classify, failureText, pollSaysGone } from '../outcome';
import { portalStore } from '../storage';
import type { Id, PortalConversation, PortalMessage, RatingRequest } from '../types';
import { mergeMessages, newestId, type Phase, phaseOf } from './messages';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; conversation: PortalConversation }
  | { status: 'failed'; message: string; canRetry: boolean };

/**
 * One portal chat: loads it, follows it live through the event stream (contract section 7) and polls
 * every 3 s whenever the stream is down (product spec section 4), and reports a dead token through
 * `onStale(appId)` so the page can send the customer back to the entry form.
 */
export function useChat(token: string, onStale: (appId: string | null) => void) {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [messages, setMessages] = useState<PortalMessage[]>([]);
  const [phase, setPhase] = useState<Phase>('active');
  const [agentTyping, setAgentTyping] = useState(false);
  // Contract section 14: the satisfaction question, while one is asked (it comes with the resolution).
  const [ratingRequest, setRatingRequest] = useState<RatingRequest | null>(null);
  const [attempt, setAttempt] = useState(0);
  const lastId = useRef<Id | null>(null);
  const appId = useRef<string | null>(portalStore.appId());
  const staleRef = useRef(onStale);
  staleRef.current = onStale;

  const goneFrom = useCallback((err: unknown) => {
    portalStore.clearSession();
    staleRef.current(appIdOf(err) ?? appId.current);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again
  useEffect(() => {
    const ctrl = new AbortController();
    setLoad({ status: 'loading' });
    portalApi
      .conversation(token, ctrl.signal)
      .then((c) => {
        appId.current = String(c.app.app_id);
        // Opened from an emailed link: remember this session like one started here.
        if (portalStore.token() !== token)
          portalStore.adopt(token, String(c.conversation.conversation_id), appId.current);
        lastId.current = newestId(c.messages ?? []);
        setMessages(mergeMessages([], c.messages ?? []));
        setPhase(phaseOf(c.conversation.status, c.conversation.is_resolved));
        setRatingRequest(c.rating_request ?? null);
        setLoad({ status: 'ready', conversation: c });
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        const known = appIdOf(err) ?? appId.current;
        if (err instanceof ApiError && (err.status === 401 || err.status === 403) && known)
          return goneFrom(err);
        const transient = !(err instanceof ApiError) || err.status >= 500 || err.status === 429;
        setLoad({ status: 'failed', message: failureText(err, TEXT.loadFailed), canRetry: transient });
      });
    return () => ctrl.abort();
  }, [token, attempt, goneFrom]);

  const ready = load.status === 'ready';
  useEffect(() => {
    if (!ready || phase !== 'active') return;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = new Set<ReturnType<typeof setTimeout>>();
    // While the live stream is up, polls run only when an event says something changed.
    let live = false;
    let running: Promise<void> | null = null;
    let again = false;

    const schedule = () => {
      clearTimeout(timer);
      if (!live && !ctrl.signal.aborted) timer = setTimeout(run, POLL_INTERVAL_MS);
    };
    const tick = async () => {
      try {
        const res = await portalApi.poll(token, lastId.current, ctrl.signal);
        lastId.current = newestId(res.messages, lastId.current);
        setMessages((m) => mergeMessages(m, res.messages));
        setAgentTyping(res.is_agent_typing);
        setRatingRequest(res.rating_request ?? null);
        const next = phaseOf(res.conversation_status);
        if (next !== 'active') return setPhase(next);
      } catch (err) {
        if (ctrl.signal.aborted) return;
        const outcome = classify(err, token, portalStore.token());
        if (outcome === 'ended' || outcome === 'expired') return setPhase(outcome);
        if (outcome === 'stale' || pollSaysGone(err)) return goneFrom(err);
      }
      schedule();
    };
    function run() {
      if (running) {
        again = true;
        return;
      }
      running = tick().finally(() => {
        running = null;
        if (again && !ctrl.signal.aborted) {
          again = false;
          run();
        }
      });
    }
    const stopStream = openEventStream({
      url: async () => `${PORTAL_API}/events?token=${encodeURIComponent(token)}`,
      types: PORTAL_EVENT_TYPES,
      onEvent: (e) => {
        run();
        // "Agent is typing" lasts a few seconds unless renewed: look again once it would have lapsed.
        if (e.type === 'typing') later.add(setTimeout(run, TYPING_LAPSE_MS));
      },
      onOpen: () => {
        live = true;
        clearTimeout(timer);
        run();
      },
      onDown: () => {
        if (!live) return;
        live = false;
        schedule();
      },
    });
    schedule();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
      for (const t of later) clearTimeout(t);
      stopStream();
    };
  }, [ready, phase, token, goneFrom]);

  const addMessage = useCallback((m: PortalMessage) => setMessages((all) => mergeMessages(all, [m])), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    load,
    messages,
    phase,
    setPhase,
    agentTyping: phase === 'active' && agentTyping,
    ratingRequest,
    appId: appId.current,
    addMessage,
    goneFrom,
    retry,
  };
}
