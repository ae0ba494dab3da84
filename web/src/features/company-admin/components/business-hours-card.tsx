import {
  type BusinessHours,
  BusinessHoursBody,
  type Company,
  MAX_RANGES_PER_DAY,
  WEEKDAYS,
  type Weekday,
  weekHours,
} from '@inbox/contract';
import { PlusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { toast } from 'sonner';
import { SaveFooter } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError, messageOf } from '@/lib/api-error';
import { useUpdateCompany } from '../api/company';
import { CompanyCard } from './company-card';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

interface Range {
  start: string;
  end: string;
}
interface Values {
  enabled: boolean;
  days: Record<Weekday, Range[]>;
  holidays: { date: string }[];
}

const NINE_TO_FIVE: Range = { start: '09:00', end: '17:00' };
/** What switching business hours on proposes: weekdays nine to five. */
const OFFICE_WEEK = weekHours(NINE_TO_FIVE.start, NINE_TO_FIVE.end);

// A time input cannot show 24:00: midnight at the end of a range is written 00:00 and read back as 24:00.
const toInput = (clock: string) => (clock === '24:00' ? '00:00' : clock);
const fromInput = (r: Range): Range => ({ start: r.start, end: r.end === '00:00' ? '24:00' : r.end });

function valuesOf(hours: BusinessHours | null): Values {
  const days = hours?.days ?? OFFICE_WEEK;
  return {
    enabled: hours !== null,
    days: Object.fromEntries(
      WEEKDAYS.map((d) => [d, (days[d] ?? []).map((r) => ({ start: r.start, end: toInput(r.end) }))]),
    ) as Record<Weekday, Range[]>,
    holidays: (hours?.holidays ?? []).map((date) => ({ date })),
  };
}

function bodyOf(values: Values) {
  if (!values.enabled) return null;
  return {
    days: Object.fromEntries(WEEKDAYS.map((d) => [d, values.days[d].map(fromInput)])),
    holidays: values.holidays.map((h) => h.date),
  };
}

/** `/admin` → Company settings: when the company is open, in its time zone, and the days it is closed. */
export function BusinessHoursCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  return (
    <CompanyCard
      companyId={companyId}
      title="Business hours"
      loadingLabel="Loading business hours"
      description={(company) =>
        company
          ? `When your team is available, in the company's time zone (${company.timezone}). Outside them the company counts as closed.`
          : 'When your team is available, in the company’s time zone.'
      }
    >
      {(company) => <HoursForm company={company} canEdit={canEdit} />}
    </CompanyCard>
  );
}

function HoursForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const update = useUpdateCompany(company.company_id);
  const form = useForm<Values>({ defaultValues: valuesOf(company.business_hours) });
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const holidays = useFieldArray({ control: form.control, name: 'holidays' });
  const [newHoliday, setNewHoliday] = useState('');

  const placeIssues = (issues: { path: string; message: string }[]) => {
    for (const [i, issue] of issues.entries()) {
      form.setError(
        issue.path as 'enabled',
        { type: 'validate', message: issue.message },
        { shouldFocus: i === 0 },
      );
    }
  };
  const submit = form.handleSubmit((values) => {
    const body = bodyOf(values);
    const checked = body ? BusinessHoursBody.safeParse(body) : null;
    if (checked && !checked.success) {
      placeIssues(checked.error.issues.map((i) => ({ path: fieldOf(i.path), message: i.message })));
      return;
    }
    update.mutate(
      { business_hours: checked ? checked.data : null },
      {
        onError: (err) => {
          const issues =
            err instanceof ApiError && err.errors
              ? Object.entries(err.errors)
                  .filter(([field]) => field.startsWith('business_hours.'))
                  .map(([field, message]) => ({
                    path: fieldOf(field.slice('business_hours.'.length).split('.')),
                    message: Array.isArray(message) ? String(message[0]) : String(message),
                  }))
              : [];
          if (issues.length > 0) placeIssues(issues);
          else toast.error(messageOf(err));
        },
      },
    );
  });

  const addHoliday = () => {
    if (!newHoliday) return;
    if (!holidays.fields.some((h) => h.date === newHoliday)) {
      const next = [...form.getValues('holidays'), { date: newHoliday }].sort((a, b) =>
        a.date.localeCompare(b.date),
      );
      holidays.replace(next);
    }
    setNewHoliday('');
  };

  return (
    <form onSubmit={submit} noValidate className="contents" aria-label="Business hours">
      <CardContent className="grid gap-6">
        <div className="flex items-center gap-3">
          <Switch
            id="business-hours-enabled"
            checked={enabled}
            disabled={!canEdit}
            onCheckedChange={(on) => {
              form.setValue('enabled', on, { shouldDirty: true });
              // Switching on with no hours at all proposes a working week rather than a closed one.
              if (on && WEEKDAYS.every((d) => form.getValues(`days.${d}`).length === 0)) {
                for (const d of WEEKDAYS) form.setValue(`days.${d}`, OFFICE_WEEK[d], { shouldDirty: true });
              }
            }}
          />
          <Label htmlFor="business-hours-enabled">Set business hours</Label>
        </div>
        {!enabled ? (
          <p className="text-muted-foreground text-sm">Always open: no business hours are set.</p>
        ) : (
          <>
            <fieldset className="grid gap-1" disabled={!canEdit}>
              <legend className="mb-2 font-medium text-sm">Opening hours</legend>
              {WEEKDAYS.map((day) => (
                <DayRow
                  key={day}
                  day={day}
                  control={form.control}
                  register={form.register}
                  errors={form.formState.errors}
                />
              ))}
              <p className="text-muted-foreground text-xs">An end of 00:00 means midnight.</p>
            </fieldset>
            <fieldset className="grid gap-2" disabled={!canEdit}>
              <legend className="mb-2 font-medium text-sm">Holidays</legend>
              {holidays.fields.length === 0 ? (
                <p className="text-muted-foreground text-sm">No holidays: open on every listed day.</p>
              ) : (
                <ul className="flex flex-wrap gap-2" aria-label="Holidays">
                  {holidays.fields.map((h, i) => (
                    <li
                      key={h.id}
                      className="flex items-center gap-1 rounded-md border py-0.5 pr-0.5 pl-2 text-sm"
                    >
                      <time dateTime={h.date}>{formatDate(h.date)}</time>
                      {canEdit && (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="size-7"
                          aria-label={`Remove the holiday ${formatDate(h.date)}`}
                          onClick={() => holidays.remove(i)}
                        >
                          <XIcon />
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <FieldError message={holidayError(form.formState.errors)} />
              {canEdit && (
                <div className="flex flex-wrap items-center gap-2">
                  <Label htmlFor="new-holiday" className="sr-only">
                    Holiday date
                  </Label>
                  <Input
                    id="new-holiday"
                    type="date"
                    className="w-44"
                    value={newHoliday}
                    onChange={(e) => setNewHoliday(e.target.value)}
                  />
                  <Button type="button" variant="outline" onClick={addHoliday} disabled={!newHoliday}>
                    <PlusIcon /> Add holiday
                  </Button>
                </div>
              )}
            </fieldset>
          </>
        )}
      </CardContent>
      {canEdit && <SaveFooter form={form} pending={update.isPending} />}
    </form>
  );
}

function DayRow({
  day,
  control,
  register,
  errors,
}: {
  day: Weekday;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const ranges = useFieldArray({ control, name: `days.${day}` });
  const current = useWatch({ control, name: `days.${day}` });
  const dayErrors = errors.days?.[day];
  return (
    <div className="grid gap-2 border-b py-2 last:border-b-0 sm:grid-cols-[7rem_1fr] sm:items-start">
      <span className="pt-2 font-medium text-sm" id={`day-${day}`}>
        {DAY_NAMES[day]}
      </span>
      <div className="grid gap-2">
        {ranges.fields.length === 0 && <span className="pt-2 text-muted-foreground text-sm">Closed</span>}
        {ranges.fields.map((field, i) => {
          const error = dayErrors?.[i]?.start?.message ?? dayErrors?.[i]?.end?.message;
          return (
            <div key={field.id} className="grid gap-1">
              <div className="grid max-w-sm grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-2">
                <Input
                  type="time"
                  className="w-full min-w-0 px-2"
                  aria-label={`${DAY_NAMES[day]} opens`}
                  aria-invalid={dayErrors?.[i]?.start ? true : undefined}
                  {...register(`days.${day}.${i}.start`)}
                />
                <span aria-hidden="true">–</span>
                <Input
                  type="time"
                  className="w-full min-w-0 px-2"
                  aria-label={`${DAY_NAMES[day]} closes`}
                  aria-invalid={dayErrors?.[i]?.end ? true : undefined}
                  {...register(`days.${day}.${i}.end`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove these hours on ${DAY_NAMES[day]}`}
                  onClick={() => ranges.remove(i)}
                >
                  <XIcon />
                </Button>
              </div>
              <FieldError message={error} />
            </div>
          );
        })}
        {ranges.fields.length < MAX_RANGES_PER_DAY && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            aria-label={`Add hours on ${DAY_NAMES[day]}`}
            onClick={() => {
              const last = current.at(-1);
              ranges.append(
                last ? { start: last.end, end: last.end < '23:00' ? '23:00' : '00:00' } : NINE_TO_FIVE,
              );
            }}
          >
            <PlusIcon /> Add hours
          </Button>
        )}
      </div>
    </div>
  );
}

/** A form path from a validation path: `['days', 'mon', 0, 'end']` → `days.mon.0.end`. */
const fieldOf = (path: readonly PropertyKey[]) =>
  // A holiday is a `{date}` row in the form, a plain date on the wire.
  [...path.map(String), ...(path[0] === 'holidays' && path.length === 2 ? ['date'] : [])].join('.');

/** The first holiday's own error (a date that does not exist), for the line under the list. */
const holidayError = (errors: FieldErrors<Values>) =>
  Array.isArray(errors.holidays) ? errors.holidays.find((e) => e?.date)?.date?.message : undefined;

const formatDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
