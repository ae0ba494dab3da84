import type {
  ApiKey,
  ApiKeyGrant,
  ApiPermission,
  CreateApiKeyBody,
  CreatedApiKey,
  GrantableIntegration,
  UpdateApiKeyBody,
} from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/use-write';
import { adminKeys } from './keys';

/** The spec's API key list: one page of 100. */
export const apiKeysQuery = (cid: number) =>
  queryOptions({
    queryKey: [...adminKeys.apiKeys(cid), 'list'],
    queryFn: () => api.list<ApiKey>('/api-keys/list', { query: { limit: 100 } }),
  });

export const grantableQuery = (cid: number) =>
  queryOptions({
    queryKey: [...adminKeys.apiKeys(cid), 'integrations'],
    queryFn: () => api.get<GrantableIntegration[]>('/api-keys/integrations'),
  });

function useChanged(cid: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.apiKeys(cid) });
    qc.invalidateQueries({ queryKey: adminKeys.activities(cid) });
  };
}

export function useCreateApiKey(cid: number) {
  const changed = useChanged(cid);
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>('/api-keys/create', body),
    onSuccess: changed,
  });
}

export function useUpdateApiKey(cid: number) {
  return useWrite(
    ({ id, body }: { id: number; body: UpdateApiKeyBody }) =>
      api.put<ApiKey>('/api-keys/update', body, { query: { id } }),
    useChanged(cid),
    (k) => `API key "${k.name}" saved`,
  );
}

export function useDeleteApiKey(cid: number) {
  return useWrite(
    (k: ApiKey) => api.delete('/api-keys/delete', { query: { id: k.api_key_id } }),
    useChanged(cid),
    (_d, k) => `API key "${k.name}" deleted`,
  );
}

/** Grants or revokes one permission of one key on one integration. */
export function useTogglePermission(cid: number) {
  const changed = useChanged(cid);
  return useMutation({
    mutationFn: (v: {
      key: ApiKey;
      integrationId: number;
      permission: ApiPermission;
      grant: ApiKeyGrant | undefined;
    }) =>
      v.grant
        ? api.delete('/api-keys/permissions/revoke', { query: { permission_id: v.grant.permission_id } })
        : api.post<ApiKeyGrant>('/api-keys/permissions/grant', {
            api_key_id: v.key.api_key_id,
            integration_id: v.integrationId,
            permission_id: v.permission,
          }),
    onSettled: changed,
  });
}
