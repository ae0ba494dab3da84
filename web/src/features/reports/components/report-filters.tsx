import type { AppSummary } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { DateRangeFields } from '@/components/date-range-fields';
import { Field } from '@/components/field';
import { OptionSelect } from '@/components/option-select';
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
          <OptionSelect
            {...control}
            value={value.preset}
            options={PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
            onValue={(v) => onChange({ preset: v as Preset })}
          />
        )}
      </Field>
      {value.preset === 'custom' && (
        <DateRangeFields
          from={value.from}
          to={value.to}
          onFrom={(from) => onChange({ from })}
          onTo={(to) => onChange({ to })}
          className="sm:w-40"
        />
      )}
      <Field label="App" className="sm:w-48">
        {(control) => (
          <OptionSelect
            {...control}
            value={value.appId ?? ''}
            none="All apps"
            options={apps.map((a) => ({ value: a.app_id, label: a.app_name }))}
            onValue={(v) => onChange({ appId: num(v), queueId: undefined })}
          />
        )}
      </Field>
      {value.appId !== undefined && queues.isSuccess && (
        <Field label="Queue" className="sm:w-48">
          {(control) => (
            <OptionSelect
              {...control}
              value={value.queueId ?? ''}
              none="All queues"
              options={queues.data.data.map((q) => ({ value: q.queue_id, label: q.queue_name }))}
              onValue={(v) => onChange({ queueId: num(v) })}
            />
          )}
        </Field>
      )}
      {agents && (
        <Field label="Agent" className="sm:w-48">
          {(control) => (
            <OptionSelect
              {...control}
              value={value.userId ?? ''}
              none="All agents"
              options={agents.map((a) => ({ value: a.user_id, label: a.name }))}
              onValue={(v) => onChange({ userId: num(v) })}
            />
          )}
        </Field>
      )}
    </div>
  );
}
