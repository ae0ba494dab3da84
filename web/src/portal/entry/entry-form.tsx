import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { portalApi } from '../api';
import { embed } from '../embed';
import { chatUrl, navigate } from '../navigation';
import { failureText } from '../outcome';
import { Spinner } from '../shared/spinner';
import { portalStore } from '../storage';
import type { PortalQueue } from '../types';
import { Field, fieldProps } from './field';
import { QueuesAlert } from './queues-alert';
import {
  type EntryErrors,
  type EntryField,
  type EntryValues,
  serverFieldErrors,
  startBody,
  trimEntry,
  validateEntry,
} from './validate';

const START_FAILED = 'Failed to start support session. Please try again.';
const ORDER: EntryField[] = ['name', 'email', 'phone', 'queueId', 'message'];
const INPUT_IDS: Record<EntryField, string> = {
  name: 'portal-name',
  email: 'portal-email',
  phone: 'portal-phone',
  queueId: 'portal-topic',
  message: 'portal-message',
};

interface Props {
  appId: string;
  queueId: string | null;
  queues: PortalQueue[];
  queuesFailed: boolean;
  onRetryQueues: () => void;
  onInvalidApp: () => void;
}

export function EntryForm({ appId, queueId, queues, queuesFailed, onRetryQueues, onInvalidApp }: Props) {
  // One queue is no choice: the chat goes there without asking the customer for a topic.
  const needsTopic = !queueId && queues.length > 1;
  const [values, setValues] = useState<EntryValues>(() => ({
    name: embed?.name || portalStore.name(),
    email: embed?.email || portalStore.email(),
    phone: '',
    queueId: '',
    message: '',
  }));
  const [errors, setErrors] = useState<EntryErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: EntryField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const focusFirst = (errs: EntryErrors) => {
    const first = ORDER.find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${INPUT_IDS[first]}`)?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const errs = validateEntry(values, needsTopic);
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length) return focusFirst(errs);

    const v = trimEntry(values);
    // From the website widget: a web conversation, with the host site's word for who the visitor is.
    const body = embed
      ? { ...startBody(appId, queueId, queues, v), via_widget: true, identity_hash: embed.hash || undefined }
      : startBody(appId, queueId, queues, v);
    setBusy(true);
    try {
      const started = await portalApi.start(body);
      portalStore.saveStart({
        token: started.portal_token,
        conversationId: String(started.conversation_id),
        appId,
        name: v.name,
        email: v.email,
      });
      navigate(chatUrl(started.portal_token));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'INVALID_APP') return onInvalidApp();
      const fieldErrs = err instanceof ApiError ? serverFieldErrors(err.errors) : {};
      setErrors(fieldErrs);
      setFormError(failureText(err, START_FAILED));
      focusFirst(fieldErrs);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-5">
      {queuesFailed && <QueuesAlert onRetry={onRetryQueues} />}
      <Field id={INPUT_IDS.name} label="Name" required error={errors.name}>
        <Input
          {...fieldProps(INPUT_IDS.name, errors.name)}
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
        />
      </Field>
      <Field id={INPUT_IDS.email} label="Email" required error={errors.email}>
        <Input
          {...fieldProps(INPUT_IDS.email, errors.email)}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
        />
      </Field>
      <Field id={INPUT_IDS.phone} label="Phone" hint="(optional)" error={errors.phone}>
        <Input
          {...fieldProps(INPUT_IDS.phone, errors.phone, false)}
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
        />
      </Field>
      {needsTopic && (
        <Field id={INPUT_IDS.queueId} label="What area do you need help?" required error={errors.queueId}>
          <NativeSelect
            {...fieldProps(INPUT_IDS.queueId, errors.queueId)}
            value={values.queueId}
            onChange={set('queueId')}
          >
            <option value="">Select a topic</option>
            {queues.map((q) => (
              <option key={String(q.queue_id)} value={String(q.queue_id)}>
                {q.queue_name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <Field id={INPUT_IDS.message} label="How can we help you?" required error={errors.message}>
        <Textarea
          {...fieldProps(INPUT_IDS.message, errors.message)}
          rows={4}
          className="min-h-28 resize-y"
          value={values.message}
          onChange={set('message')}
        />
      </Field>
      {formError && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-destructive text-sm"
        >
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy && <Spinner />}
        {busy ? 'Starting Conversation...' : 'Start Conversation'}
      </Button>
    </form>
  );
}
