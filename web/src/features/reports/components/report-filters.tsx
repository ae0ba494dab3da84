import type { AppSummary } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Field } from '@/components/form-fields';
import { Input, NativeSelect } from '@/components/ui/input';
import { queuesQuery } from '@/features/company-admin/api/queues';
import { PRESET_LABELS, PRESETS, type Preset } from '../period';

export interface FilterState {
  preset: Preset;
  from: string;
  to: string;
  appId?: number;
  queueId?: number;
  userId?: number;
}

/** The period (presets or two dates) and the app, queue and agent filters of the reports page. */
export function ReportFilters({
  companyId,
  apps,
  agents,
  value,
  onChange,
}: {
  companyId: number;
  apps: AppSummary[];
  /** Null: the caller sees only its own numbers, so there is no one to choose. */
  agents: { user_id: number; name: string }[] | null;
  value: FilterState;
  onChange: (next: Partial<FilterState>) => void;
}) {
  const queues = useQuery({
    ...queuesQuery(companyId, value.appId ?? 0),
    enabled: value.appId !== undefined,
    retry: false,
  });
  const num = (v: string) => (v ? Number(v) : undefined);
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <Field label="Period" className="col-span-2 sm:w-44">
        {(control) => (
          <NativeSelect
            {...control}
            value={value.preset}
            onChange={(e) => onChange({ preset: e.target.value as Preset })}
          >
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {PRESET_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {value.preset === 'custom' && (
        <>
          <Field label="From" className="sm:w-40">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={value.from}
                max={value.to}
                onChange={(e) => onChange({ from: e.target.value })}
              />
            )}
          </Field>
          <Field label="To" className="sm:w-40">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={value.to}
                min={value.from}
                onChange={(e) => onChange({ to: e.target.value })}
              />
            )}
          </Field>
        </>
      )}
      <Field label="App" className="sm:w-48">
        {(control) => (
          <NativeSelect
            {...control}
            value={value.appId ?? ''}
            onChange={(e) => onChange({ appId: num(e.target.value), queueId: undefined })}
          >
            <option value="">All apps</option>
            {apps.map((a) => (
              <option key={a.app_id} value={a.app_id}>
                {a.app_name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {value.appId !== undefined && queues.isSuccess && (
        <Field label="Queue" className="sm:w-48">
          {(control) => (
            <NativeSelect
              {...control}
              value={value.queueId ?? ''}
              onChange={(e) => onChange({ queueId: num(e.target.value) })}
            >
              <option value="">All queues</option>
              {queues.data.data.map((q) => (
                <option key={q.queue_id} value={q.queue_id}>
                  {q.queue_name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
      {agents && (
        <Field label="Agent" className="sm:w-48">
          {(control) => (
            <NativeSelect
              {...control}
              value={value.userId ?? ''}
              onChange={(e) => onChange({ userId: num(e.target.value) })}
            >
              <option value="">All agents</option>
              {agents.map((a) => (
                <option key={a.user_id} value={a.user_id}>
                  {a.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
    </div>
  );
}
