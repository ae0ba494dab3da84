import type { AutoResponder, CreateAutoResponderBody, UpdateAutoResponderBody } from '@inbox/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/use-write';
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
  return useWrite(
    (body: CreateAutoResponderBody) => api.post<AutoResponder>('/auto-responders', body),
    useRespondersChanged(cid, appId),
    (r) => `Auto-responder "${r.name}" created`,
  );
}

export function useUpdateResponder(cid: number, appId: number) {
  return useWrite(
    ({ id, body }: { id: number; body: UpdateAutoResponderBody }) =>
      api.put<AutoResponder>('/auto-responders', body, { query: { id } }),
    useRespondersChanged(cid, appId),
    (r) => `Auto-responder "${r.name}" saved`,
  );
}

export function useDeleteResponder(cid: number, appId: number) {
  return useWrite(
    (r: AutoResponder) => api.delete('/auto-responders', { query: { id: r.auto_responder_id } }),
    useRespondersChanged(cid, appId),
    (_data, r) => `Auto-responder "${r.name}" deleted`,
  );
}
