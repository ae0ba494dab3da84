import { PRIORITIES, type Priority, type SlaConditions, type SlaPolicy } from '@inbox/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, TimerIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { EditDeleteButtons } from '@/components/admin/edit-delete-buttons';
import { ManagedListCard, ManagedRow } from '@/components/admin/managed-list-card';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { SwitchField } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { labelsQuery } from '@/lib/labels';
import { useSession } from '@/lib/session';
import { queuesQuery } from '../api/queues';
import { slaPoliciesQuery, useCreatePolicy, useDeletePolicy, useUpdatePolicy } from '../api/sla';

const PRIORITY_NAMES: Record<Priority, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** "1 h 30 min", "45 min", "2 d": a policy's time as an admin reads it. */
export function minutesText(m: number | null) {
  if (m === null) return 'none';
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  return [d && `${d} d`, h && `${h} h`, min && `${min} min`].filter(Boolean).join(' ');
}

/** "Urgent, High · 2 queues" or "Every conversation": what a policy applies to, at a glance. */
function conditionsText(c: SlaConditions) {
  const parts = [
    c.app_ids.length && `${c.app_ids.length} app${c.app_ids.length > 1 ? 's' : ''}`,
    c.queue_ids.length && `${c.queue_ids.length} queue${c.queue_ids.length > 1 ? 's' : ''}`,
    c.priorities.length && c.priorities.map((p) => PRIORITY_NAMES[p]).join(', '),
    c.label_ids.length && `${c.label_ids.length} label${c.label_ids.length > 1 ? 's' : ''}`,
  ].filter(Boolean);
  return parts.length ? `Applies to: ${parts.join(' · ')}` : 'Applies to every conversation';
}

/** `/admin` → Service levels: the company's policies in the order they are tried (contract section 14). */
export function SlaSection({ companyId }: { companyId: number }) {
  const policies = useQuery(slaPoliciesQuery(companyId));
  const update = useUpdatePolicy(companyId);
  const remove = useDeletePolicy(companyId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'service level',
    name: (p) => p.name,
    description: 'Its conversations stop running its clocks; breaches already recorded stay in the reports.',
  });
  const [editing, setEditing] = useState<SlaPolicy | 'new' | null>(null);
  const count = policies.data?.length ?? 0;
  const move = (p: SlaPolicy, by: -1 | 1) =>
    update.mutate({ id: p.sla_policy_id, body: { position: p.position + by } });
  return (
    <ManagedListCard
      title="Service levels"
      description="Response and resolution times promised to customers. The first service level in this list whose conditions match a conversation applies."
      addLabel="Create service level"
      onAdd={() => setEditing('new')}
      query={policies}
      empty={{
        icon: TimerIcon,
        title: 'No service levels yet',
        description: 'Create one, such as a first response within an hour for urgent conversations.',
      }}
      item={(p) => (
        <ManagedRow
          key={p.sla_policy_id}
          actions={
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${p.name} up`}
                disabled={p.position === 1 || update.isPending}
                onClick={() => move(p, -1)}
              >
                <ArrowUpIcon />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${p.name} down`}
                disabled={p.position === count || update.isPending}
                onClick={() => move(p, 1)}
              >
                <ArrowDownIcon />
              </Button>
              <EditDeleteButtons
                name={p.name}
                onEdit={() => setEditing(p)}
                onDelete={() => confirmDelete.ask(p)}
              />
            </>
          }
        >
          <p className="font-medium text-sm">
            {p.position}. {p.name}
          </p>
          <p className="text-muted-foreground text-xs">
            First response {minutesText(p.first_response_minutes)} · Next response{' '}
            {minutesText(p.next_response_minutes)} · Resolution {minutesText(p.resolution_minutes)}
            {p.business_hours_only ? ' · business hours' : ''}
          </p>
          <p className="text-muted-foreground text-xs">{conditionsText(p.conditions)}</p>
        </ManagedRow>
      )}
    >
      <PolicyDialog
        companyId={companyId}
        policy={editing === 'new' ? undefined : (editing ?? undefined)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      {confirmDelete.dialog}
    </ManagedListCard>
  );
}

interface Values {
  name: string;
  first_response_minutes: string;
  next_response_minutes: string;
  resolution_minutes: string;
  business_hours_only: boolean;
  conditions: SlaConditions;
}

const PolicyDialog = formDialog(PolicyForm);

const minutesOf = (v: string) => (v.trim() === '' ? null : Number(v));
const asText = (m: number | null | undefined) => (m === null || m === undefined ? '' : String(m));

function PolicyForm({
  companyId,
  policy: p,
  onDone,
}: {
  companyId: number;
  policy?: SlaPolicy;
  onDone: () => void;
}) {
  const create = useCreatePolicy(companyId);
  const update = useUpdatePolicy(companyId);
  const form = useForm<Values>({
    defaultValues: {
      name: p?.name ?? '',
      first_response_minutes: asText(p?.first_response_minutes ?? (p ? null : 60)),
      next_response_minutes: asText(p?.next_response_minutes),
      resolution_minutes: asText(p?.resolution_minutes),
      business_hours_only: p?.business_hours_only ?? false,
      conditions: p?.conditions ?? { app_ids: [], queue_ids: [], priorities: [], label_ids: [] },
    },
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const fields = [
    'name',
    'first_response_minutes',
    'next_response_minutes',
    'resolution_minutes',
    'conditions.app_ids',
    'conditions.queue_ids',
    'conditions.label_ids',
  ] as const;
  const submit = form.handleSubmit((v) => {
    const body = {
      name: v.name,
      first_response_minutes: minutesOf(v.first_response_minutes),
      next_response_minutes: minutesOf(v.next_response_minutes),
      resolution_minutes: minutesOf(v.resolution_minutes),
      business_hours_only: v.business_hours_only,
      conditions: v.conditions,
    };
    const onError = (err: unknown) =>
      showServerError(err, form.setError as never, fields as unknown as (keyof Values)[]);
    if (p) update.mutate({ id: p.sla_policy_id, body }, { onSuccess: onDone, onError });
    else create.mutate(body, { onSuccess: onDone, onError });
  });
  const minutes = (
    name: 'first_response_minutes' | 'next_response_minutes' | 'resolution_minutes',
    label: string,
  ) => (
    <TextField
      label={label}
      type="number"
      min={1}
      step={1}
      hint="Minutes; empty: no promise"
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );
  return (
    <DialogForm
      title={p ? `Edit ${p.name}` : 'Create service level'}
      description="Empty conditions match every conversation."
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      pendingLabel={p ? 'Saving...' : 'Creating...'}
      submitLabel={p ? 'Save changes' : 'Create service level'}
    >
      <TextField
        label="Name"
        autoFocus
        maxLength={100}
        error={errors.name?.message}
        {...form.register('name', { required: 'A name is 1 to 100 characters' })}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        {minutes('first_response_minutes', 'First response')}
        {minutes('next_response_minutes', 'Next response')}
        {minutes('resolution_minutes', 'Resolution')}
      </div>
      <SwitchField
        control={form.control}
        name="business_hours_only"
        label="Business hours only"
        hint="Count only the hours the company is open (Company settings)."
      />
      <Controller
        control={form.control}
        name="conditions"
        render={({ field }) => (
          <ConditionPickers
            companyId={companyId}
            value={field.value}
            onChange={field.onChange}
            errors={{
              app_ids: errors['conditions.app_ids']?.message,
              queue_ids: errors['conditions.queue_ids']?.message,
              label_ids: errors['conditions.label_ids']?.message,
            }}
          />
        )}
      />
    </DialogForm>
  );
}

interface Option<T> {
  value: T;
  label: string;
}

/** A multi-select as a list of check boxes: each chosen value is one condition. */
function MultiSelect<T extends string | number>({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: Option<T>[];
  value: T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="font-medium text-sm">{label}</legend>
      {options.length === 0 && <p className="text-muted-foreground text-xs">None to choose from</p>}
      <div className="flex max-h-28 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
        {options.map((o) => (
          <label key={String(o.value)} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={value.includes(o.value)}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))
              }
            />
            {o.label}
          </label>
        ))}
      </div>
      <p className="text-muted-foreground text-xs">{value.length === 0 ? 'Any' : `${value.length} chosen`}</p>
      {error && <p className="text-destructive text-xs">{error}</p>}
    </fieldset>
  );
}

function ConditionPickers({
  companyId,
  value,
  onChange,
  errors,
}: {
  companyId: number;
  value: SlaConditions;
  onChange: (next: SlaConditions) => void;
  errors: { app_ids?: string; queue_ids?: string; label_ids?: string };
}) {
  const { company } = useSession();
  const apps = company?.apps ?? [];
  const queues = useQueries({ queries: apps.map((a) => queuesQuery(companyId, a.app_id)) });
  const labels = useQuery(labelsQuery(companyId));
  const queueOptions = queues.flatMap((q, i) =>
    (q.data?.data ?? []).map((row) => ({
      value: row.queue_id,
      label: `${apps[i]?.app_name}: ${row.queue_name}`,
    })),
  );
  return (
    <div className="grid gap-3">
      <MultiSelect
        label="Apps"
        options={apps.map((a) => ({ value: a.app_id, label: a.app_name }))}
        value={value.app_ids}
        onChange={(app_ids) => onChange({ ...value, app_ids })}
        error={errors.app_ids}
      />
      <MultiSelect
        label="Queues"
        options={queueOptions}
        value={value.queue_ids}
        onChange={(queue_ids) => onChange({ ...value, queue_ids })}
        error={errors.queue_ids}
      />
      <MultiSelect
        label="Priorities"
        options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_NAMES[p] }))}
        value={value.priorities}
        onChange={(priorities) => onChange({ ...value, priorities })}
      />
      <MultiSelect
        label="Labels"
        options={(labels.data ?? []).map((l) => ({ value: l.label_id, label: l.name }))}
        value={value.label_ids}
        onChange={(label_ids) => onChange({ ...value, label_ids })}
        error={errors.label_ids}
      />
    </div>
  );
}
