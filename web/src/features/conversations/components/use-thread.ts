import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { threadQuery } from '../api';
import { useMarkRead } from '../api-messages';
import type { ListParams } from '../filters';
import { lastCustomerMessageId } from '../thread-model';

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
