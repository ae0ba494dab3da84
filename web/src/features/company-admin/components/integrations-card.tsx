import type { Integration } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { HistoryIcon, InfoIcon, PlugIcon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { EditDeleteButtons } from '@/components/admin/edit-delete-buttons';
import { ManagedListCard, ManagedRow } from '@/components/admin/managed-list-card';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { CopyField } from '@/components/copy-button';
import { SecretOnceDialog } from '@/components/secret-once-dialog';
import { toastError } from '@/components/server-errors';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { relativeTime } from '@/lib/format';
import {
  integrationsQuery,
  useDeleteIntegration,
  useTestIntegration,
  useUpdateIntegration,
  webhookInfoQuery,
} from '../api/integrations';
import { DeliveriesDialog } from './deliveries-dialog';
import { IntegrationDialog, TYPE_LABELS } from './integration-dialog';
import { type IntegrationDialogProps, IntegrationQueryDialog } from './integration-query-dialog';

/** Integrations that send something out (events, or replies through their channel): they have a delivery log. */
const SENDS = new Set<Integration['type']>(['webhook', 'api', 'sms', 'whatsapp', 'facebook', 'email']);

function StatusLine({ i }: { i: Integration }) {
  const test = i.status.last_test;
  if (i.status.last_error)
    return <span className="text-destructive">Last delivery failed: {i.status.last_error}</span>;
  if (test)
    return (
      <span className={test.ok ? '' : 'text-destructive'}>
        {test.ok ? 'Test passed' : `Test failed: ${test.error ?? 'no answer'}`} {relativeTime(test.tested_ts)}
      </span>
    );
  if (i.status.last_event_ts) return <span>Last delivery {relativeTime(i.status.last_event_ts)}</span>;
  return <span>Not tested yet</span>;
}

/** `/admin/apps/{id}`: the app's channels, API access and outgoing webhooks, for its admins. */
export function IntegrationsCard({ companyId, appId }: { companyId: number; appId: number }) {
  const list = useQuery(integrationsQuery(companyId, appId));
  const update = useUpdateIntegration(companyId, appId);
  const remove = useDeleteIntegration(companyId, appId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'integration',
    name: (x) => x.name,
    description: 'It stops at once: a channel brings no more conversations, a webhook sends no more events.',
  });
  const test = useTestIntegration(companyId, appId);
  const [editing, setEditing] = useState<Integration | 'new' | null>(null);
  const [info, setInfo] = useState<Integration | null>(null);
  const [log, setLog] = useState<Integration | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <ManagedListCard
      title="Integrations"
      description="Channels that bring conversations in, API access for other systems, and webhooks that tell them what happens."
      addLabel="Add integration"
      onAdd={() => setEditing('new')}
      query={list}
      empty={{
        icon: PlugIcon,
        title: 'No integrations yet',
        description: 'Add a webhook to tell your other systems about new conversations and messages.',
      }}
      item={(i) => (
        <ManagedRow
          key={i.integration_id}
          actions={
            <>
              <Switch
                aria-label={`${i.name} is active`}
                checked={i.is_active}
                disabled={update.isPending}
                onCheckedChange={(on) =>
                  update.mutate(
                    { id: i.integration_id, body: { is_active: on } },
                    { onError: (e) => toastError(e) },
                  )
                }
              />
              <Button
                variant="outline"
                size="sm"
                disabled={test.isPending}
                onClick={() => test.mutate(i, { onError: (e) => toastError(e) })}
              >
                <ZapIcon aria-hidden />
                {test.isPending && test.variables?.integration_id === i.integration_id
                  ? 'Testing...'
                  : `Test ${i.name}`}
              </Button>
              {SENDS.has(i.type) && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Deliveries of ${i.name}`}
                  onClick={() => setLog(i)}
                >
                  <HistoryIcon />
                </Button>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Webhook info of ${i.name}`}
                onClick={() => setInfo(i)}
              >
                <InfoIcon />
              </Button>
              <EditDeleteButtons
                name={i.name}
                onEdit={() => setEditing(i)}
                onDelete={() => confirmDelete.ask(i)}
              />
            </>
          }
        >
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {i.name} <ToneBadge tone="info">{TYPE_LABELS[i.type]}</ToneBadge>
          </p>
          <p className="break-words text-muted-foreground text-xs">
            <StatusLine i={i} />
          </p>
        </ManagedRow>
      )}
    >
      <IntegrationDialog
        companyId={companyId}
        appId={appId}
        integration={editing === 'new' ? undefined : (editing ?? undefined)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        onSecret={setSecret}
      />
      <WebhookInfoDialog
        companyId={companyId}
        appId={appId}
        integration={info}
        onClose={() => setInfo(null)}
      />
      <DeliveriesDialog companyId={companyId} appId={appId} integration={log} onClose={() => setLog(null)} />
      <SecretOnceDialog
        title="Signing secret"
        label="Signing secret"
        value={secret}
        purpose="The receiving system checks each request's signature with it."
        warning="Anyone with this secret can sign requests as this webhook. Keep it out of code and chats."
        onClose={() => setSecret(null)}
      />
      {confirmDelete.dialog}
    </ManagedListCard>
  );
}

function WebhookInfoDialog({ companyId, appId, integration, onClose }: IntegrationDialogProps) {
  return (
    <IntegrationQueryDialog
      integration={integration}
      onClose={onClose}
      options={(id) => webhookInfoQuery(companyId, appId, id)}
      title="Webhook info"
      description="What to paste into the provider's console or the receiving system."
      className="sm:max-w-xl"
    >
      {(data) => (
        <div className="grid min-w-0 gap-3">
          {data.snippet && <CopyField label="Add to your website" value={data.snippet} />}
          <CopyField label="URL" value={data.url} />
          <CopyField label="Method" value={data.method} />
          {data.verify_token && <CopyField label="Verify token" value={data.verify_token} />}
          <CopyField label="Signature header" value={data.signature.header} />
          <p className="text-muted-foreground text-xs">{data.signature.algorithm}</p>
          {data.events.length > 0 && <CopyField label="Events" value={data.events.join(', ')} />}
          {data.example != null && (
            <div className="grid min-w-0 gap-1.5">
              <span className="font-medium text-sm">Example</span>
              <pre className="max-h-48 overflow-auto rounded-md bg-muted p-3 text-xs">
                {JSON.stringify(data.example, null, 2)}
              </pre>
            </div>
          )}
        </div>
      )}
    </IntegrationQueryDialog>
  );
}
