import type { ApiKey, CreatedApiKey } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { FormText } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { TextField } from '@/components/ui/text-field';
import { parseServerTime } from '@/lib/format';
import { useCreateApiKey, useUpdateApiKey } from '../api/api-keys';

interface Values {
  name: string;
  /** The day it expires, `YYYY-MM-DD` in the browser's calendar, or '' for never. */
  expires_ts: string;
}

interface Props {
  companyId: number;
  /** Given: rename it or change its expiry; otherwise create one. */
  apiKey?: ApiKey;
  onCreated: (key: CreatedApiKey) => void;
}

/** The day a key expires, as a date input shows it (local calendar). */
const dayOf = (ts: string | null) => {
  if (!ts) return '';
  const d = parseServerTime(ts);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A key chosen to expire on a day works until that day ends, in the admin's own time. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

export const ApiKeyDialog = formDialog(ApiKeyForm);

function ApiKeyForm({ companyId, apiKey: k, onCreated, onDone }: Props & { onDone: () => void }) {
  const create = useCreateApiKey(companyId);
  const update = useUpdateApiKey(companyId);
  const form = useForm<Values>({
    defaultValues: { name: k?.name ?? '', expires_ts: dayOf(k?.expires_ts ?? null) },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((v) => {
    const body = { name: v.name, expires_ts: v.expires_ts ? endOfDay(v.expires_ts) : null };
    const onError = (err: unknown) => showServerError(err, form.setError, ['name', 'expires_ts']);
    if (k) update.mutate({ id: k.api_key_id, body }, { onSuccess: onDone, onError });
    else
      create.mutate(body, {
        onSuccess: (made) => {
          onDone();
          onCreated(made);
        },
        onError,
      });
  });

  return (
    <DialogForm
      title={k ? `Edit ${k.name}` : 'Create API key'}
      description={
        k
          ? 'The key itself stays the same; systems using it are not affected by a new name.'
          : 'The key is shown once, right after it is created. It can do nothing until you grant it permissions.'
      }
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      pendingLabel={k ? 'Saving...' : 'Creating...'}
      submitLabel={k ? 'Save changes' : 'Create API key'}
    >
      <TextField
        label="Name"
        autoFocus
        hint="Say which system uses it, such as 'Shop backend'."
        error={errors.name?.message}
        {...form.register('name', { required: 'Name is required' })}
      />
      <FormText
        form={form}
        name="expires_ts"
        label="Expires on (optional)"
        type="date"
        hint="The key stops working when this day ends. Leave empty for a key that does not expire."
      />
    </DialogForm>
  );
}
