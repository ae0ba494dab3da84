import type { ApiKey, GrantableIntegration } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { PlugIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { DialogPanel } from '@/components/form-dialog';
import { LinkButton } from '@/components/link-button';
import { QueryView } from '@/components/query-view';
import { toastError } from '@/components/server-errors';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { grantableQuery, useTogglePermission } from '../api/api-keys';
import { TYPE_LABELS } from './integration-dialog';

/** Grants and revokes a key's permissions, integration by integration; each switch takes effect at once. */
export function ApiKeyPermissionsDialog({
  companyId,
  apiKey,
  onClose,
}: {
  companyId: number;
  /** Null: closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const grantable = useQuery({ ...grantableQuery(companyId), enabled: apiKey !== null });
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogPanel
          title={`Permissions of ${apiKey?.name ?? ''}`}
          description="The key acts only on the conversations and customers of the apps whose integrations you switch on here, and only as each switch allows."
          footer={<Button onClick={onClose}>Done</Button>}
        >
          <QueryView
            query={grantable}
            loading="Loading integrations"
            rows={2}
            empty={
              <EmptyState
                icon={PlugIcon}
                title="No integrations to grant on"
                description="Add an API integration on an app's page first (Admin → Apps → the app → Integrations)."
                action={<LinkButton to="/admin">Go to apps</LinkButton>}
              />
            }
          >
            {(data) =>
              apiKey && (
                <ul className="grid gap-4" aria-label="Integrations">
                  {data.map((i) => (
                    <IntegrationGrants
                      key={i.integration_id}
                      companyId={companyId}
                      apiKey={apiKey}
                      integration={i}
                    />
                  ))}
                </ul>
              )
            }
          </QueryView>
        </DialogPanel>
      </DialogContent>
    </Dialog>
  );
}

function IntegrationGrants({
  companyId,
  apiKey,
  integration: i,
}: {
  companyId: number;
  apiKey: ApiKey;
  integration: GrantableIntegration;
}) {
  const toggle = useTogglePermission(companyId);
  return (
    <li className="rounded-lg border p-3">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {i.name}
        <ToneBadge tone="info">{TYPE_LABELS[i.type]}</ToneBadge>
        <span className="font-normal text-muted-foreground text-sm">in {i.app_name}</span>
      </p>
      <ul className="mt-2 divide-y">
        {i.permissions.map((p) => {
          const grant = apiKey.permissions.find(
            (g) => g.integration_id === i.integration_id && g.permission === p.permission,
          );
          const pending =
            toggle.isPending &&
            toggle.variables?.integrationId === i.integration_id &&
            toggle.variables.permission === p.permission;
          return (
            <li key={p.permission} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-mono text-sm">{p.permission}</p>
                <p className="text-muted-foreground text-xs">{p.description}</p>
              </div>
              <Switch
                aria-label={`${p.permission} on ${i.name}`}
                checked={!!grant}
                disabled={pending}
                onCheckedChange={() =>
                  toggle.mutate(
                    { key: apiKey, integrationId: i.integration_id, permission: p.permission, grant },
                    { onError: (e) => toastError(e) },
                  )
                }
              />
            </li>
          );
        })}
      </ul>
    </li>
  );
}
