import type {
  CreateIntegrationBody,
  Integration,
  IntegrationDelivery,
  IntegrationTestResult,
  UpdateIntegrationBody,
  WebhookInfo,
} from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/use-write';
import { adminKeys } from './keys';

export const integrationsQuery = (cid: number, appId: number) =>
  queryOptions({
    queryKey: adminKeys.integrations(cid, appId),
    queryFn: () => api.get<Integration[]>('/integrations', { query: { app_id: appId } }),
  });

export const webhookInfoQuery = (cid: number, appId: number, id: number) =>
  queryOptions({
    queryKey: [...adminKeys.integrations(cid, appId), id, 'webhook-info'],
    queryFn: () => api.get<WebhookInfo>('/integration/webhook-info', { query: { id } }),
  });

/** The integration's latest outgoing calls; refreshed while the dialog is open, as retries happen. */
export const deliveriesQuery = (cid: number, appId: number, id: number) =>
  queryOptions({
    queryKey: [...adminKeys.integrations(cid, appId), id, 'deliveries'],
    queryFn: () => api.get<IntegrationDelivery[]>('/integration/deliveries', { query: { id } }),
    refetchInterval: 5000,
  });

function useChanged(cid: number, appId: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.integrations(cid, appId) });
    qc.invalidateQueries({ queryKey: adminKeys.activities(cid) });
  };
}

export function useCreateIntegration(cid: number, appId: number) {
  return useWrite(
    (body: CreateIntegrationBody) =>
      api.post<Integration & { signing_secret?: string }>('/integrations', body),
    useChanged(cid, appId),
    (i) => `Integration "${i.name}" created`,
  );
}

export function useUpdateIntegration(cid: number, appId: number) {
  return useWrite(
    ({ id, body }: { id: number; body: UpdateIntegrationBody }) =>
      api.put<Integration>('/integrations', body, { query: { id } }),
    useChanged(cid, appId),
    (i) => `Integration "${i.name}" saved`,
  );
}

export function useDeleteIntegration(cid: number, appId: number) {
  return useWrite(
    (i: Integration) => api.delete('/integrations', { query: { id: i.integration_id } }),
    useChanged(cid, appId),
    (_d, i) => `Integration "${i.name}" deleted`,
  );
}

export function useTestIntegration(cid: number, appId: number) {
  const changed = useChanged(cid, appId);
  return useMutation({
    mutationFn: (i: Integration) =>
      api.post<IntegrationTestResult>('/integration/test', { integration_id: i.integration_id }),
    onSuccess: (r, i) => {
      changed();
      if (r.ok) toast.success(`Test of "${i.name}" succeeded${r.status_code ? ` (${r.status_code})` : ''}`);
      else toast.error(`Test of "${i.name}" failed: ${r.error ?? 'no answer'}`);
    },
  });
}
