import {
  AUTO_RESPONDER_PLACEHOLDERS,
  AUTO_RESPONDER_TRIGGERS,
  type AutoResponder,
  type AutoResponderTrigger,
  type Queue,
} from '@inbox/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/components/field';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { FormText, SwitchField, TextAreaField } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { NativeSelect } from '@/components/ui/input';
import { TextField } from '@/components/ui/text-field';
import { useCreateResponder, useUpdateResponder } from '../api/auto-responders';
import { TRIGGER_LABELS } from './responder-triggers';

interface Values {
  name: string;
  trigger: AutoResponderTrigger;
  /** A queue's id, or '' for all queues. */
  queue_id: string;
  delay_minutes: string;
  keywords: string;
  message: string;
  is_active: boolean;
}

const FIELDS = ['name', 'trigger', 'queue_id', 'delay_minutes', 'keywords', 'message'] as const;

interface Props {
  companyId: number;
  appId: number;
  queues: Queue[];
  /** Given: edit it; otherwise create one. */
  responder?: AutoResponder;
}

export const ResponderDialog = formDialog(ResponderForm, 'sm:max-w-lg');

function ResponderForm({ companyId, appId, queues, responder: r, onDone }: Props & { onDone: () => void }) {
  const create = useCreateResponder(companyId, appId);
  const update = useUpdateResponder(companyId, appId);
  const form = useForm<Values>({
    defaultValues: {
      name: r?.name ?? '',
      trigger: r?.trigger ?? 'conversation_started',
      queue_id: r?.queue_id ? String(r.queue_id) : '',
      delay_minutes: String(r?.delay_minutes || 15),
      keywords: r?.keywords.join(', ') ?? '',
      message: r?.message ?? '',
      is_active: r?.is_active ?? true,
    },
  });
  const trigger = useWatch({ control: form.control, name: 'trigger' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((v) => {
    const body = {
      name: v.name,
      trigger: v.trigger,
      queue_id: v.queue_id ? Number(v.queue_id) : null,
      delay_minutes: v.trigger === 'no_agent_reply' ? Number(v.delay_minutes) : 0,
      keywords:
        v.trigger === 'keyword'
          ? v.keywords
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean)
          : [],
      message: v.message,
      is_active: v.is_active,
    };
    const onError = (err: unknown) => showServerError(err, form.setError, FIELDS);
    if (r) update.mutate({ id: r.auto_responder_id, body }, { onSuccess: onDone, onError });
    else create.mutate({ app_id: appId, ...body }, { onSuccess: onDone, onError });
  });

  return (
    <DialogForm
      title={r ? 'Edit auto-responder' : 'Add auto-responder'}
      description="Sent as the app, at most once each time its trigger happens in a conversation."
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      submitLabel={r ? 'Save changes' : 'Add auto-responder'}
    >
      <TextField label="Name" autoFocus error={errors.name?.message} {...form.register('name')} />
      <Field label="When" error={errors.trigger?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('trigger')}>
            {AUTO_RESPONDER_TRIGGERS.map((t) => (
              <option key={t} value={t}>
                {TRIGGER_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {trigger === 'no_agent_reply' && (
        <FormText
          form={form}
          name="delay_minutes"
          label="Minutes without an agent reply"
          type="number"
          min={1}
          inputMode="numeric"
        />
      )}
      {trigger === 'keyword' && (
        <FormText
          form={form}
          name="keywords"
          label="Keywords"
          hint="Separated by commas; whole words, in any case."
        />
      )}
      {trigger === 'outside_business_hours' && (
        <p className="text-muted-foreground text-sm">
          Uses the company’s business hours (Admin → Company settings). Without them the company is always
          open and this never answers.
        </p>
      )}
      <Field label="Queue" error={errors.queue_id?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('queue_id')}>
            <option value="">All queues</option>
            {queues.map((q) => (
              <option key={q.queue_id} value={q.queue_id}>
                {q.queue_name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <TextAreaField label="Message" rows={4} error={errors.message?.message} {...form.register('message')} />
      <p className="-mt-2 text-muted-foreground text-xs">
        Placeholders: {AUTO_RESPONDER_PLACEHOLDERS.join(', ')}
      </p>
      <SwitchField control={form.control} name="is_active" label="Active" />
    </DialogForm>
  );
}
