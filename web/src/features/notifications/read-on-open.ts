import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMatch } from 'react-router';
import { useSession } from '@/lib/session';
import { notificationsQuery, useMarkRead } from './api';

/** The conversation open in the console now, from the address (`/conversations/:id`), if any. */
export function useOpenConversationId(): number | null {
  const id = Number(useMatch('/conversations/:id')?.params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Opening a conversation reads its notifications, however it was opened (the bell, the list, a link): once
 * on opening while anything is unread, and again when one about it arrives while it is open. Read, they
 * send no mail later.
 */
export function useReadOnOpen() {
  const { token, company } = useSession();
  const cid = company?.company_id ?? 0;
  const id = useOpenConversationId();
  const list = useQuery({ ...notificationsQuery(cid), enabled: !!token && !!company });
  const { mutate } = useMarkRead(cid);
  const unread = list.data?.meta.unread_count ?? 0;
  const here = list.data?.data.filter((n) => n.conversation_id === id && n.read_ts === null).length ?? 0;
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || unread === 0) return;
    // Already read on opening, and nothing new about it since: another conversation's count moved.
    if (done.current === id && here === 0) return;
    done.current = id;
    mutate({ conversation_id: id });
  }, [id, here, unread, mutate]);
}
