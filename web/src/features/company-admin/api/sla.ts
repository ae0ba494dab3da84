import type { CreateSlaPolicyBody, SlaPolicy, UpdateSlaPolicyBody } from '@inbox/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/use-write';

/** The company's service levels (contract section 14), in the order they are tried. */
export const slaKeys = { all: (cid: number) => ['company', cid, 'sla-policies'] as const };

export const slaPoliciesQuery = (cid: number) =>
  queryOptions({
    queryKey: slaKeys.all(cid),
    queryFn: () => api.get<SlaPolicy[]>('/sla-policies'),
  });

function usePoliciesChanged(cid: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: slaKeys.all(cid) });
}

export function useCreatePolicy(cid: number) {
  return useWrite(
    (body: CreateSlaPolicyBody) => api.post<SlaPolicy>('/sla-policies', body),
    usePoliciesChanged(cid),
    (p) => `Service level "${p.name}" created`,
  );
}

export function useUpdatePolicy(cid: number) {
  return useWrite(
    ({ id, body }: { id: number; body: UpdateSlaPolicyBody }) =>
      api.put<SlaPolicy>('/sla-policies', body, { query: { id } }),
    usePoliciesChanged(cid),
    (p) => `Service level "${p.name}" saved`,
  );
}

export function useDeletePolicy(cid: number) {
  return useWrite(
    (p: SlaPolicy) => api.delete('/sla-policies', { query: { id: p.sla_policy_id } }),
    usePoliciesChanged(cid),
    (_data, p) => `Service level "${p.name}" deleted`,
  );
}
