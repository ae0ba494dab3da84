import type {
  Attachment,
  CannedReply,
  CannedReplyScope,
  CreateCannedReplyBody,
  RenderedCannedReply,
  UpdateCannedReplyBody,
} from '@inbox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pageQuery } from '@/lib/page-query';
import { useWrite } from '@/lib/use-write';

/**
 * Canned replies (contract section 13), shared by the composer's picker, the admin pages and the profile:
 * every list of them sits under one key per company, so a save anywhere refreshes the others.
 */
export const cannedKeys = {
  all: (cid: number) => ['canned-replies', cid] as const,
  list: (cid: number, filters: CannedFilters) => ['canned-replies', cid, 'list', filters] as const,
};

export interface CannedFilters {
  scope?: CannedReplyScope;
  appId?: number;
  search?: string;
  limit?: number;
  offset?: number;
}

export const cannedRepliesQuery = (cid: number, f: CannedFilters) =>
  pageQuery<CannedReply>(cannedKeys.list(cid, f), '/canned-replies', {
    scope: f.scope,
    app_id: f.appId,
    search: f.search || undefined,
    limit: f.limit ?? 20,
    offset: f.offset ?? 0,
  });

function useCannedChanged(cid: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: cannedKeys.all(cid) });
}

export function useCreateCannedReply(cid: number) {
  return useWrite(
    (body: CreateCannedReplyBody) => api.post<CannedReply>('/canned-replies', body),
    useCannedChanged(cid),
    (r) => `Canned reply /${r.short_code} saved`,
  );
}

export function useUpdateCannedReply(cid: number) {
  return useWrite(
    ({ id, body }: { id: number; body: UpdateCannedReplyBody }) =>
      api.put<CannedReply>('/canned-replies', body, { query: { id } }),
    useCannedChanged(cid),
    (r) => `Canned reply /${r.short_code} saved`,
  );
}

export function useDeleteCannedReply(cid: number) {
  return useWrite(
    (r: CannedReply) => api.delete('/canned-replies', { query: { id: r.canned_reply_id } }),
    useCannedChanged(cid),
    (_data, r) => `Canned reply /${r.short_code} deleted`,
  );
}

/** A file for a canned reply: uploaded to no conversation; only a saved reply can take it. */
export function uploadCannedFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<Attachment>('/attachments/upload', form);
}

/** The reply filled in for one conversation, its files copied in as the caller's uploads. */
export const renderCannedReply = (cannedReplyId: number, conversationId: number) =>
  api.post<RenderedCannedReply>('/canned-replies/render', {
    canned_reply_id: cannedReplyId,
    conversation_id: conversationId,
  });
