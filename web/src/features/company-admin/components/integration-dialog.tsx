import {
  INTEGRATION_SECRETS,
  INTEGRATION_TYPES,
  type Integration,
  type IntegrationType,
  WEBHOOK_EVENT_TYPES,
} from '@inbox/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Field } from '@/components/field';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { NativeSelect } from '@/components/ui/input';
import { TextField } from '@/components/ui/text-field';
import { ApiError, messageOf } from '@/lib/api-error';
import { useCreateIntegration, useUpdateIntegration } from '../api/integrations';

export const TYPE_LABELS: Record<IntegrationType, string> = {
  facebook: 'Facebook Messenger',
  whatsapp: 'WhatsApp',
  sms: 'SMS (Twilio)',
  email: 'Email',
  web: 'Website widget',
  portal: 'Portal',
  api: 'API',
  webhook: 'Outgoing webhook',
};

interface SettingField {
  key: string;
  label: string;
  hint?: string;
  /** A list, written separated by commas. */
  list?: boolean;
}

const SETTINGS: Record<IntegrationType, SettingField[]> = {
  whatsapp: [
    { key: 'phone_number_id', label: 'Phone number ID' },
    { key: 'business_account_id', label: 'Business account ID' },
    { key: 'verify_token', label: 'Verify token', hint: 'Left empty, one is made for you.' },
  ],
  facebook: [
    { key: 'page_id', label: 'Page ID' },
    { key: 'verify_token', label: 'Verify token', hint: 'Left empty, one is made for you.' },
  ],
  sms: [
    { key: 'account_sid', label: 'Account SID' },
    { key: 'phone_number', label: 'Phone number', hint: 'Or a messaging service SID below.' },
    { key: 'messaging_service_sid', label: 'Messaging service SID' },
  ],
  email: [
    { key: 'inbound_address', label: 'Inbound address' },
    { key: 'from_name', label: 'From name' },
  ],
  web: [
    {
      key: 'allowed_origins',
      label: 'Allowed origins',
      hint: 'Separated by commas, such as https://shop.example.com. Only these sites may show the chat.',
      list: true,
    },
    { key: 'color', label: 'Bubble colour', hint: 'Such as #2563eb.' },
  ],
  portal: [],
  api: [{ key: 'webhook_url', label: 'Reply webhook URL', hint: 'Agent replies are sent here, signed.' }],
  webhook: [
    { key: 'url', label: 'URL', hint: 'Events are POSTed here, signed with the Standard Webhooks scheme.' },
  ],
};

const secretLabel = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

interface Props {
  companyId: number;
  appId: number;
  integration?: Integration;
  /** A new webhook's signing secret, to show once. */
  onSecret: (secret: string) => void;
}

export const IntegrationDialog = formDialog(IntegrationForm, 'max-h-[90vh] overflow-y-auto sm:max-w-lg');

function IntegrationForm({
  companyId,
  appId,
  integration: i,
  onDone,
  onSecret,
}: Props & { onDone: () => void }) {
  const create = useCreateIntegration(companyId, appId);
  const update = useUpdateIntegration(companyId, appId);
  const [type, setType] = useState<IntegrationType>(i?.type ?? 'webhook');
  const [name, setName] = useState(i?.name ?? '');
  const [settings, setSettings] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(i?.settings ?? {}).map(([k, v]) => [
        k,
        Array.isArray(v) ? v.join(', ') : String(v ?? ''),
      ]),
    ),
  );
  const [events, setEvents] = useState<string[]>(
    (i?.settings.events as string[] | undefined) ?? ['conversation.created', 'message.created'],
  );
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error goes as soon as the field is changed.
  const clear = (key: string) =>
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });

  const settingsBody = () => {
    const out: Record<string, unknown> = {};
    for (const f of SETTINGS[type]) {
      const v = (settings[f.key] ?? '').trim();
      if (f.list)
        out[f.key] = v
          ? v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : [];
      else if (v) out[f.key] = v;
    }
    if (type === 'webhook') out.events = events;
    return out;
  };
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.errors) {
      setErrors(
        Object.fromEntries(
          Object.entries(err.errors).map(([k, v]) => [k, Array.isArray(v) ? v[0]! : String(v)]),
        ),
      );
    } else toast.error(messageOf(err));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    const given = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim() !== ''));
    if (i) {
      update.mutate(
        { id: i.integration_id, body: { name, settings: settingsBody(), secrets: given } },
        { onSuccess: onDone, onError },
      );
    } else {
      create.mutate(
        { app_id: appId, type, name, settings: settingsBody(), secrets: given },
        {
          onSuccess: (made) => {
            onDone();
            if (made.signing_secret) onSecret(made.signing_secret);
          },
          onError,
        },
      );
    }
  };

  return (
    <DialogForm
      title={i ? `Edit ${i.name}` : 'Add integration'}
      description={i ? TYPE_LABELS[i.type] : 'Connect a channel, the API, or send events to another system.'}
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      submitLabel={i ? 'Save changes' : 'Add integration'}
    >
      {!i && (
        <Field label="Type" error={errors.type}>
          {(control) => (
            <NativeSelect
              {...control}
              value={type}
              onChange={(e) => setType(e.target.value as IntegrationType)}
            >
              {INTEGRATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
      <TextField
        label="Name"
        autoFocus
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          clear('name');
        }}
        error={errors.name}
      />
      {SETTINGS[type].map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          hint={f.hint}
          value={settings[f.key] ?? ''}
          onChange={(e) => {
            setSettings((s) => ({ ...s, [f.key]: e.target.value }));
            clear(`settings.${f.key}`);
          }}
          error={errors[`settings.${f.key}`]}
        />
      ))}
      {type === 'webhook' && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium text-sm">Events</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((ev) => (
              <label key={ev} className="flex items-center gap-2 font-mono text-xs">
                <input
                  type="checkbox"
                  checked={events.includes(ev)}
                  onChange={(e) =>
                    setEvents((list) => (e.target.checked ? [...list, ev] : list.filter((x) => x !== ev)))
                  }
                />
                {ev}
              </label>
            ))}
          </div>
          {errors['settings.events'] && (
            <p className="text-destructive text-sm">{errors['settings.events']}</p>
          )}
        </fieldset>
      )}
      {INTEGRATION_SECRETS[type].map((name) => (
        <TextField
          key={name}
          label={secretLabel(name)}
          type="password"
          autoComplete="off"
          hint={
            i?.secrets_set.includes(name)
              ? 'Stored. Leave empty to keep it.'
              : name === 'signing_secret'
                ? 'Left empty, one is made and shown to you once.'
                : 'Write-only: it is never shown again.'
          }
          value={secrets[name] ?? ''}
          onChange={(e) => {
            setSecrets((s) => ({ ...s, [name]: e.target.value }));
            clear(`secrets.${name}`);
          }}
          error={errors[`secrets.${name}`]}
        />
      ))}
    </DialogForm>
  );
}
