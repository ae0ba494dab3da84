import type {
  AiCompletion,
  AiSummary,
  Company,
  Conversation,
  Priority,
  SecureLink,
  TransferBody,
} from '@inbox/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastError } from '@/components/server-errors';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/use-write';
import { inboxKeys } from './api';
import type { ThreadData } from './thread-model';

/** The spec's sentences (product spec section 8) and ours for resolve, delete and the secure link. */
export const ACTION_TEXT = {
  assigned: 'Conversation assigned successfully',
  assignFailed: 'Failed to assign conversation',
  unassigned: 'Conversation unassigned',
  unassignFailed: 'Failed to unassign conversation',
  transferred: 'Conversation transferred successfully',
  transferFailed: 'Failed to transfer conversation',
  resolved: 'Conversation resolved',
  resolveFailed: 'Failed to resolve conversation',
  reopened: 'Conversation reopened',
  reopenFailed: 'Failed to reopen conversation',
  deleted: 'Conversation deleted',
  deleteFailed: 'Failed to delete conversation',
  summaryFailed: 'Failed to generate AI summary',
  completionFailed: 'Failed to generate a suggested reply',
  secureLinkSent: 'Secure link sent to the customer',
  secureLinkFailed: 'Failed to send secure conversation link',
  priorityChanged: 'Priority changed',
  priorityFailed: 'Failed to change the priority',
  snoozed: 'Conversation snoozed',
  snoozeFailed: 'Failed to snooze conversation',
} as const;

/** After an action: the thread shows the answer at once and polls now (a transfer adds a line); lists refresh. */
export function useConversationChanged(cid: number) {
  const qc = useQueryClient();
  return (conversation: Conversation) => {
    const key = inboxKeys.thread(cid, conversation.conversation_id);
    qc.setQueryData<ThreadData>(key, (old) => old && { ...old, conversation });
    qc.invalidateQueries({ queryKey: key });
    qc.invalidateQueries({ queryKey: inboxKeys.lists(cid) });
    qc.invalidateQueries({ queryKey: inboxKeys.dashboards(cid) });
  };
}

/** Puts labels on the conversation or takes them off (contract section 13); the thread shows its line. */
export function useLabelConversation(cid: number) {
  const changed = useConversationChanged(cid);
  return useMutation({
    mutationFn: (b: { conversation_id: number; add: number[]; remove: number[] }) =>
      api.post<Conversation>('/conversation/labels', b),
    onSuccess: changed,
    onError: (err) => toastError(err, 'Failed to change the labels'),
  });
}

const action =
  <B>(path: string) =>
  (body: B) =>
    api.post<Conversation>(path, body);

export function useAssign(cid: number) {
  const changed = useConversationChanged(cid);
  return useMutation({
    mutationFn: action<{ conversation_id: number; user_id: number }>('/conversation/assign'),
    onSuccess: (c) => {
      changed(c);
      toast.success(ACTION_TEXT.assigned);
    },
    onError: (err) => toastError(err, ACTION_TEXT.assignFailed),
  });
}

export function useUnassign(cid: number) {
  const changed = useConversationChanged(cid);
  return useMutation({
    mutationFn: action<{ conversation_id: number }>('/conversation/unassign'),
    onSuccess: (c) => {
      changed(c);
      toast.success(ACTION_TEXT.unassigned);
    },
    onError: (err) => toastError(err, ACTION_TEXT.unassignFailed),
  });
}

/** Errors are the dialog's to show (422 under its fields). */
export function useTransfer(cid: number) {
  return useWrite(
    (body: TransferBody) => api.post<Conversation>('/conversation/transfer', body),
    useConversationChanged(cid),
    () => ACTION_TEXT.transferred,
  );
}

/** Resolve and reopen: one conversation id in, the conversation out, a toast either way. */
function useStatusAction(cid: number, path: string, done: string, failed: string) {
  const changed = useConversationChanged(cid);
  return useMutation({
    mutationFn: action<{ conversation_id: number }>(path),
    onSuccess: (c) => {
      changed(c);
      toast.success(done);
    },
    onError: (err) => toastError(err, failed),
  });
}

export const useResolve = (cid: number) =>
  useStatusAction(cid, '/conversation/resolve', ACTION_TEXT.resolved, ACTION_TEXT.resolveFailed);

/** A resolved or closed conversation back to open (contract section 6). */
export const useReopen = (cid: number) =>
  useStatusAction(cid, '/conversation/reopen', ACTION_TEXT.reopened, ACTION_TEXT.reopenFailed);

export function useDeleteConversation(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    // A JSON body (even empty) must come with the JSON content type the client always sends.
    mutationFn: (id: number) => api.delete('/conversations', { query: { id } }),
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: inboxKeys.thread(cid, id) });
      qc.invalidateQueries({ queryKey: inboxKeys.lists(cid) });
      qc.invalidateQueries({ queryKey: inboxKeys.dashboards(cid) });
      toast.success(ACTION_TEXT.deleted);
    },
    onError: (err) => toastError(err, ACTION_TEXT.deleteFailed),
  });
}

export function useAiSummary() {
  return useMutation({
    mutationFn: (conversationId: number) =>
      api.post<AiSummary>('/conversation/ai-summary', { conversation_id: conversationId }),
    onError: (err) => toastError(err, ACTION_TEXT.summaryFailed),
  });
}

export function useAiCompletion() {
  return useMutation({
    mutationFn: (body: { conversation_id: number; draft?: string }) =>
      api.post<AiCompletion>('/conversation/ai-completion', body),
    onError: (err) => toastError(err, ACTION_TEXT.completionFailed),
  });
}

export function useSecureLink(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) =>
      api.post<SecureLink>('/conversation/secure-link', { conversation_id: conversationId }),
    onSuccess: (link, id) => {
      // A closed conversation is reopened as pending by the link.
      qc.invalidateQueries({ queryKey: inboxKeys.thread(cid, id) });
      qc.invalidateQueries({ queryKey: inboxKeys.lists(cid) });
      toast.success(ACTION_TEXT.secureLinkSent, { description: `Sent to ${link.email}` });
    },
    onError: (err) => toastError(err, ACTION_TEXT.secureLinkFailed),
  });
}

/** POST /conversation/priority: a priority, or null to clear it (contract section 13). */
export function usePriority(cid: number) {
  const changed = useConversationChanged(cid);
  return useMutation({
    mutationFn: action<{ conversation_id: number; priority: Priority | null }>('/conversation/priority'),
    onSuccess: (c) => {
      changed(c);
      toast.success(ACTION_TEXT.priorityChanged);
    },
    onError: (err) => toastError(err, ACTION_TEXT.priorityFailed),
  });
}

/** POST /conversation/snooze: until a time, or (null) until the customer writes. */
export function useSnooze(cid: number) {
  const changed = useConversationChanged(cid);
  return useMutation({
    mutationFn: action<{ conversation_id: number; until_ts: string | null }>('/conversation/snooze'),
    onSuccess: (c) => {
      changed(c);
      toast.success(ACTION_TEXT.snoozed);
    },
    onError: (err) => toastError(err, ACTION_TEXT.snoozeFailed),
  });
}

/** The company's business hours and timezone, for the snooze menu's "next opening". */
export function useCompanyHours(cid: number, enabled: boolean) {
  return useQuery({
    queryKey: ['company', cid, 'settings', 'snooze'],
    queryFn: () => api.get<Company>('/companies', { query: { id: cid } }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
