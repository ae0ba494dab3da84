import type { Label } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { TagIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EditDeleteButtons } from '@/components/admin/edit-delete-buttons';
import { ManagedListCard, ManagedRow } from '@/components/admin/managed-list-card';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { Field } from '@/components/field';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { LabelChip } from '@/components/labels/label-chips';
import { showServerError } from '@/components/server-errors';
import { Input } from '@/components/ui/input';
import { TextField } from '@/components/ui/text-field';
import { LABEL_COLORS, labelsQuery, useCreateLabel, useDeleteLabel, useUpdateLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';

/** `/admin` → Labels: the company's labels, with their colours; conversations and customers carry them. */
export function LabelsSection({ companyId }: { companyId: number }) {
  const labels = useQuery(labelsQuery(companyId));
  const remove = useDeleteLabel(companyId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'label',
    name: (l) => l.name,
    description: 'It is taken off every conversation and customer that carries it.',
  });
  const [editing, setEditing] = useState<Label | 'new' | null>(null);
  return (
    <ManagedListCard
      title="Labels"
      description="Labels sort conversations and customers into groups everyone can filter and report by. A new name or colour shows everywhere at once."
      addLabel="Create label"
      onAdd={() => setEditing('new')}
      query={labels}
      empty={{
        icon: TagIcon,
        title: 'No labels yet',
        description:
          'Create labels such as Billing, Bug or VIP; agents put them on conversations and customers.',
      }}
      item={(l) => (
        <ManagedRow
          key={l.label_id}
          actions={
            <EditDeleteButtons
              name={l.name}
              onEdit={() => setEditing(l)}
              onDelete={() => confirmDelete.ask(l)}
            />
          }
        >
          <p className="flex items-center gap-2">
            <LabelChip label={l} className="text-xs" />
          </p>
          {l.description && <p className="text-muted-foreground text-xs">{l.description}</p>}
        </ManagedRow>
      )}
    >
      <LabelDialog
        companyId={companyId}
        label={editing === 'new' ? undefined : (editing ?? undefined)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      {confirmDelete.dialog}
    </ManagedListCard>
  );
}

interface Values {
  name: string;
  color: string;
  description: string;
}

const LabelDialog = formDialog(LabelForm);

function LabelForm({
  companyId,
  label: l,
  onDone,
}: {
  companyId: number;
  label?: Label;
  onDone: () => void;
}) {
  const create = useCreateLabel(companyId);
  const update = useUpdateLabel(companyId);
  const form = useForm<Values>({
    defaultValues: {
      name: l?.name ?? '',
      color: l?.color ?? LABEL_COLORS[6],
      description: l?.description ?? '',
    },
  });
  const errors = form.formState.errors;
  const color = form.watch('color');
  const submit = form.handleSubmit((v) => {
    const onError = (err: unknown) => showServerError(err, form.setError, ['name', 'color', 'description']);
    if (l) update.mutate({ id: l.label_id, body: v }, { onSuccess: onDone, onError });
    else create.mutate(v, { onSuccess: onDone, onError });
  });
  return (
    <DialogForm
      title={l ? `Edit ${l.name}` : 'Create label'}
      description="Everyone in the company sees labels; admins and managers keep the list."
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      pendingLabel={l ? 'Saving...' : 'Creating...'}
      submitLabel={l ? 'Save changes' : 'Create label'}
    >
      <TextField
        label="Name"
        autoFocus
        maxLength={50}
        error={errors.name?.message}
        {...form.register('name', { required: 'A label name is 1 to 50 characters' })}
      />
      <Field label="Colour" error={errors.color?.message}>
        {(control) => (
          <div className="space-y-2">
            <fieldset className="flex flex-wrap gap-1.5">
              <legend className="sr-only">Colour</legend>
              {LABEL_COLORS.map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={color === c}
                  aria-label={c}
                  onClick={() => form.setValue('color', c, { shouldDirty: true })}
                  className={cn(
                    'size-6 rounded-full border-2 border-transparent outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    color === c && 'border-foreground',
                  )}
                  style={{ backgroundColor: c }}
                />
              ))}
            </fieldset>
            <Input {...control} className="w-32 font-mono" {...form.register('color')} />
          </div>
        )}
      </Field>
      <TextField
        label="Description (optional)"
        maxLength={200}
        error={errors.description?.message}
        {...form.register('description')}
      />
    </DialogForm>
  );
}
