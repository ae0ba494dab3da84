import type { ApiKey } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { EditDeleteButtons } from '@/components/admin/edit-delete-buttons';
import { ManagedListCard, ManagedRow } from '@/components/admin/managed-list-card';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { SecretOnceDialog } from '@/components/secret-once-dialog';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { parseServerTime, relativeTime } from '@/lib/format';
import { apiKeysQuery, useDeleteApiKey } from '../api/api-keys';
import { ApiKeyDialog } from './api-key-dialog';
import { ApiKeyPermissionsDialog } from './api-key-permissions-dialog';

const day = (ts: string) => parseServerTime(ts).toLocaleDateString(undefined, { dateStyle: 'medium' });

function KeyFacts({ k }: { k: ApiKey }) {
  const expired = k.expires_ts !== null && parseServerTime(k.expires_ts) <= new Date();
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {k.name}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-muted-foreground text-xs">
          {k.prefix}…
        </code>
        {expired && <ToneBadge tone="danger">Expired</ToneBadge>}
        {!expired && k.permissions.length === 0 && <ToneBadge tone="warning">No permissions</ToneBadge>}
      </p>
      <p className="text-muted-foreground text-xs">
        {k.permissions.length === 1 ? '1 permission' : `${k.permissions.length} permissions`} · Created{' '}
        {day(k.created_ts)} · {k.last_used_ts ? `Last used ${relativeTime(k.last_used_ts)}` : 'Never used'} ·{' '}
        {k.expires_ts ? `${expired ? 'Expired' : 'Expires'} ${day(k.expires_ts)}` : 'Does not expire'}
      </p>
    </>
  );
}

/** `/admin` → API keys: keys for outside systems, each limited to the integrations and permissions granted. */
export function ApiKeysSection({ companyId }: { companyId: number }) {
  const keys = useQuery({ ...apiKeysQuery(companyId), select: (r) => r.data });
  const remove = useDeleteApiKey(companyId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'API key',
    name: (x) => x.name,
    description: 'It stops working at once: every system still using it gets 401 from its next call.',
  });
  const [editing, setEditing] = useState<ApiKey | 'new' | null>(null);
  const [granting, setGranting] = useState<number | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const grantingKey = keys.data?.find((k) => k.api_key_id === granting) ?? null;

  return (
    <ManagedListCard
      title="API keys"
      description="Keys let your other systems read conversations and customers, reply, and bring messages in, through the integrations and permissions you grant each key."
      addLabel="Create API key"
      onAdd={() => setEditing('new')}
      query={keys}
      empty={{
        icon: KeyRoundIcon,
        title: 'No API keys yet',
        description: 'Create a key, then grant it permissions on an integration of one of your apps.',
      }}
      item={(k) => (
        <ManagedRow
          key={k.api_key_id}
          actions={
            <>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Permissions of ${k.name}`}
                onClick={() => setGranting(k.api_key_id)}
              >
                <ShieldCheckIcon aria-hidden />
                Permissions
              </Button>
              <EditDeleteButtons
                name={k.name}
                onEdit={() => setEditing(k)}
                onDelete={() => confirmDelete.ask(k)}
              />
            </>
          }
        >
          <KeyFacts k={k} />
        </ManagedRow>
      )}
    >
      <ApiKeyDialog
        companyId={companyId}
        apiKey={editing === 'new' ? undefined : (editing ?? undefined)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        onCreated={(k) => {
          setCreated(k.key);
          setGranting(k.api_key_id);
        }}
      />
      <SecretOnceDialog
        title="Your new API key"
        label="API key"
        value={created}
        purpose="Send it as the X-Api-Key header (or as a bearer token) from your system."
        warning="Anyone with this key can act for your company within its permissions. Keep it out of code, chats and browsers; delete it if it leaks."
        onClose={() => setCreated(null)}
      />
      <ApiKeyPermissionsDialog
        companyId={companyId}
        apiKey={created === null ? grantingKey : null}
        onClose={() => setGranting(null)}
      />
      {confirmDelete.dialog}
    </ManagedListCard>
  );
}
