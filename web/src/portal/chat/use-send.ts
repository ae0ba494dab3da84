import { useCallback, useRef, useState } from 'react';
import { portalApi } from '../api';
import { TEXT } from '../constants';
import { classify, failureText } from '../outcome';
import { portalStore } from '../storage';
import type { Id, PortalMessage } from '../types';
import { newClientMessageId, type Phase } from './messages';

interface Options {
  token: string;
  phase: Phase;
  onSent: (message: PortalMessage) => void;
  onPhase: (phase: Phase) => void;
  onGone: (err: unknown) => void;
}

/**
 * Sends one customer message. A failed send keeps its client_message_id, so pressing Send again for the same
 * text and files can never store the message twice (contract section 5).
 */
export function useSend({ token, phase, onSent, onPhase, onGone }: Options) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const failed = useRef<{ key: string; id: string } | null>(null);

  const send = useCallback(
    async (content: string, attachmentIds: Id[]): Promise<boolean> => {
      const text = content.trim();
      if (inFlight.current || phase !== 'active' || (!text && !attachmentIds.length)) return false;
      const key = JSON.stringify([text, attachmentIds]);
      const clientId = failed.current?.key === key ? failed.current.id : newClientMessageId();
      inFlight.current = true;
      setSending(true);
      setError(null);
      try {
        const message = await portalApi.send(token, {
          content: text,
          ...(attachmentIds.length ? { attachments: attachmentIds } : {}),
          client_message_id: clientId,
        });
        failed.current = null;
        onSent(message);
        return true;
      } catch (err) {
        const outcome = classify(err, token, portalStore.token());
        if (outcome === 'ended' || outcome === 'expired') onPhase(outcome);
        else if (outcome === 'stale') onGone(err);
        else {
          failed.current = { key, id: clientId };
          setError(failureText(err, TEXT.sendFailed));
        }
        return false;
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [token, phase, onSent, onPhase, onGone],
  );

  return { send, sending, error, clearError: () => setError(null) };
}
