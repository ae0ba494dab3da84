import type { Attachment, ConsoleMessage, ConversationPoll, ConversationSummary } from '@inbox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API_BASE, api } from '@/lib/api-client';
import { ApiError, errorText, messageOf } from '@/lib/api-error';
import { consoleHeaders, saveBlob } from '@/lib/download';
import { type ConversationPage, inboxKeys } from './api';
import { mergeMessages, type ThreadData } from './thread-model';

export const SEND_FAILED = 'Failed to send message';

export interface SendBody {
  conversation_id: number;
  content: string;
  content_type: 'text';
  attachments?: number[];
  is_private?: boolean;
  /** A note's mentioned people (user ids); each gets a notification. */
  mentions?: number[];
  client_message_id: string;
  /** A WhatsApp template (outside the 24-hour window): the server writes the text. */
  template?: { name: string; language: string; parameters: string[] };
}

/** POST /messages: the answer joins the thread at once; the poll's cursor stays (see ThreadData.cursor). */
export function useSendMessage(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBody) => api.post<ConsoleMessage>('/messages', body),
    onSuccess: (message) => {
      qc.setQueryData<ThreadData>(
        inboxKeys.thread(cid, message.conversation_id),
        (old) => old && { ...old, messages: mergeMessages(old.messages, [message]) },
      );
      // A reply moves the conversation (open to pending, first response): the header shows it now, not
      // at the next 3 s poll.
      qc.invalidateQueries({ queryKey: inboxKeys.thread(cid, message.conversation_id) });
      qc.invalidateQueries({ queryKey: inboxKeys.lists(cid) });
    },
    // The spec's sentence, with the server's reason (a deleted conversation, a file that is gone) under it.
    onError: (err) => {
      const reason = messageOf(err, SEND_FAILED);
      toast.error(SEND_FAILED, reason === SEND_FAILED ? undefined : { description: reason });
    },
  });
}

export const LOAD_EARLIER_FAILED = 'Could not load earlier messages';

/**
 * GET /conversation/poll?before_message_id=: the page before the oldest message held joins the thread. The
 * list page that comes along is of no use here, so it asks for the smallest one.
 */
export function useLoadEarlier(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { conversationId: number; beforeId: number }) => {
      const query = { limit: 1, conversation_id: v.conversationId, before_message_id: v.beforeId };
      return api.get<ConversationPoll>('/conversation/poll', { query });
    },
    onSuccess: (data, v) => {
      qc.setQueryData<ThreadData>(
        inboxKeys.thread(cid, v.conversationId),
        (old) =>
          old && {
            ...old,
            messages: mergeMessages(data.messages ?? [], old.messages),
            hasOlder: data.has_older_messages ?? false,
          },
      );
    },
    onError: () => toast.error(LOAD_EARLIER_FAILED),
  });
}

/** POST /attachments/upload?conversation_id=: one file, sent later with a reply or note. */
export function uploadAttachment(conversationId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<Attachment>('/attachments/upload', form, { query: { conversation_id: conversationId } });
}

/** POST /conversation/typing: the caller throttles it; a failure is of no interest to anyone. */
export const sendTyping = (conversationId: number) =>
  api.post('/conversation/typing', { conversation_id: conversationId }).catch(() => undefined);

/** POST /conversation/read: moves the read marker; the unread badge of the row goes at once. */
export function useMarkRead(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { conversation_id: number; last_message_id: number }) =>
      api.post('/conversation/read', body),
    onSuccess: (_, body) => {
      qc.setQueriesData<ConversationPage>({ queryKey: inboxKeys.lists(cid) }, (old) =>
        old ? { ...old, conversations: old.conversations.map(clearUnread(body.conversation_id)) } : old,
      );
      qc.invalidateQueries({ queryKey: inboxKeys.dashboards(cid) });
    },
  });
}

const clearUnread = (id: number) => (c: ConversationSummary) =>
  c.conversation_id === id && c.unread_count > 0 ? { ...c, unread_count: 0 } : c;

/**
 * The stored bytes of an attachment. GET /attachments/download/{id} needs the console's headers, so a link
 * cannot point at it: the file comes as a blob, fetched with the credentials in headers, never the URL.
 */
export async function fetchAttachment(attachmentId: number, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(`${API_BASE}/attachments/download/${attachmentId}`, {
    headers: consoleHeaders(),
    signal,
  });
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw new ApiError(errorText(body, res.status, res.statusText), { status: res.status });
  }
  return res.blob();
}

export async function downloadAttachment(
  attachment: Pick<Attachment, 'attachment_id' | 'original_filename'>,
) {
  saveBlob(await fetchAttachment(attachment.attachment_id), attachment.original_filename);
}

export const RETRY_FAILED = 'Failed to send the message again';

/** POST /messages/retry-delivery: a reply whose delivery failed is queued again; the thread shows it at once. */
export function useRetryDelivery(cid: number, conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      api.post<Pick<ConsoleMessage, 'message_id' | 'delivery'>>('/messages/retry-delivery', {
        message_id: messageId,
      }),
    onSuccess: ({ message_id, delivery }) => {
      qc.setQueryData<ThreadData>(
        inboxKeys.thread(cid, conversationId),
        (old) =>
          old && {
            ...old,
            messages: old.messages.map((m) => (m.message_id === message_id ? { ...m, delivery } : m)),
          },
      );
    },
    onError: (err) => toast.error(RETRY_FAILED, { description: messageOf(err, RETRY_FAILED) }),
  });
}
