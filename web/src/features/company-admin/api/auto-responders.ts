import type { AutoResponder, CreateAutoResponderBody, UpdateAutoResponderBody } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const respondersQuery = (cid: number, appId: number) =>
  queryOptions({
    queryKey: adminKeys.responders(cid, appId),
    queryFn: () => api.get<AutoResponder[]>('/auto-responders', { query: { app_id: appId } }),
  });

function useRespondersChanged(cid: number, appId: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.responders(cid, appId) });
    qc.invalidateQueries({ queryKey: adminKeys.activities(cid) });
  };
}

export function useCreateResponder(cid: number, appId: number) {
  const changed = useRespondersChanged(cid, appId);
  return useMutation({
    mutationFn: (body: CreateAutoResponderBody) => api.post<AutoResponder>('/auto-responders', body),
    onSuccess: (r) => {
      changed();
      toast.success(`Auto-responder "${r.name}" created`);
    },
  });
}

export function useUpdateResponder(cid: number, appId: number) {
  const changed = useRespondersChanged(cid, appId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAutoResponderBody }) =>
      api.put<AutoResponder>('/auto-responders', body, { query: { id } }),
    onSuccess: (r) => {
      changed();
      toast.success(`Auto-responder "${r.name}" saved`);
    },
  });
}

export function useDeleteResponder(cid: number, appId: number) {
  const changed = useRespondersChanged(cid, appId);
  return useMutation({
    mutationFn: (r: AutoResponder) => api.delete('/auto-responders', { query: { id: r.auto_responder_id } }),
    onSuccess: (_data, r) => {
      changed();
      toast.success(`Auto-responder "${r.name}" deleted`);
    },
  });
}
