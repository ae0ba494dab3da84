import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { threadQuery } from '../api';
import { useLoadEarlier, useMarkRead } from '../api-messages';
import type { ListParams } from '../filters';
import { lastCustomerMessageId, type ThreadData } from '../thread-model';

/**
 * The open conversation, polled every 3 s, and its read marker: whenever a customer message the agent has
 * not marked yet is on screen, POST /conversation/read moves the marker up to it.
 */
export type ThreadQuery = ReturnType<typeof useThread>;

export function useThread(cid: number, id: number | undefined, list: ListParams | null) {
  const query = useQuery({ ...threadQuery(cid, id ?? 0, list), enabled: id !== undefined });
  const { mutate } = useMarkRead(cid);
  const readUpTo = useRef({ id, upTo: 0 });
  const lastCustomer = query.data ? lastCustomerMessageId(query.data.messages) : undefined;

  useEffect(() => {
    if (id === undefined || lastCustomer === undefined) return;
    const read = readUpTo.current;
    if (read.id === id && lastCustomer <= read.upTo) return;
    readUpTo.current = { id, upTo: lastCustomer };
    mutate({ conversation_id: id, last_message_id: lastCustomer });
  }, [id, lastCustomer, mutate]);

  return query;
}

export interface EarlierMessages {
  available: boolean;
  loading: boolean;
  load: () => void;
}

/** Scrolling back: the page before the oldest message held, one request at a time (a click and a scroll may race). */
export function useEarlierMessages(cid: number, id: number, data: ThreadData | undefined): EarlierMessages {
  const { mutate, isPending } = useLoadEarlier(cid);
  const oldest = data?.messages[0]?.message_id;
  const available = !!data?.hasOlder && oldest !== undefined;
  const busy = useRef(false);
  const load = useCallback(() => {
    if (!available || oldest === undefined || busy.current) return;
    busy.current = true;
    mutate(
      { conversationId: id, beforeId: oldest },
      {
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  }, [available, oldest, id, mutate]);
  return { available, loading: isPending, load };
}
