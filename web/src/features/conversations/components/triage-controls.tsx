import { type Conversation, PRIORITIES, type Priority } from '@inbox/contract';
import { AlarmClockIcon, CheckIcon, ChevronDownIcon, FlagIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { companyTimezone, useSession } from '@/lib/session';
import { useCompanyHours, usePriority, useSnooze } from '../api-actions';
import { companyInstant, snoozePresets, whenLabel } from '../snooze-presets';
import { PriorityBadge } from './priority-badge';

/** The thread header's priority: the badge (or "Priority") opening a menu of the four and "No priority". */
export function PriorityMenu({ cid, conversation: c }: { cid: number; conversation: Conversation }) {
  const set = usePriority(cid);
  const choose = (priority: Priority | null) =>
    priority !== c.priority && set.mutate({ conversation_id: c.conversation_id, priority });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 gap-1 px-1.5"
          aria-label="Priority"
          disabled={set.isPending}
        >
          {c.priority ? (
            <PriorityBadge priority={c.priority} />
          ) : (
            <span className="inline-flex items-center gap-1 text-muted-foreground text-xs">
              <FlagIcon className="size-3.5" aria-hidden />
              Priority
            </span>
          )}
          <ChevronDownIcon className="size-3 opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-44">
        {PRIORITIES.map((p) => (
          <DropdownMenuItem key={p} onSelect={() => choose(p)}>
            <PriorityBadge priority={p} />
            {c.priority === p && <CheckIcon className="ml-auto" aria-hidden />}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => choose(null)}>
          No priority
          {c.priority === null && <CheckIcon className="ml-auto" aria-hidden />}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The Snooze menu (contract section 13): presets on the company's clocks, a custom date and time, and until
 * the customer replies. A snoozed conversation leaves the inbox and shows in the Snoozed view until it wakes.
 */
export function SnoozeMenu({ cid, conversation: c }: { cid: number; conversation: Conversation }) {
  const snooze = useSnooze(cid);
  return (
    <SnoozeChoices
      cid={cid}
      pending={snooze.isPending}
      align="end"
      onChoose={(until) =>
        snooze.mutate({ conversation_id: c.conversation_id, until_ts: until ? until.toISOString() : null })
      }
      trigger={
        <Button variant="outline" size="sm" disabled={snooze.isPending} aria-label="Snooze">
          <AlarmClockIcon aria-hidden />
          <span className="hidden 2xl:inline">Snooze</span>
          <ChevronDownIcon className="opacity-60" aria-hidden />
        </Button>
      }
    />
  );
}

/**
 * The snooze presets on the company's clocks (its business hours read when the menu opens) and a custom
 * date and time, behind `trigger`: the thread header's and the bulk bar's menus differ only in their button.
 */
export function SnoozeChoices({
  cid,
  pending,
  align,
  trigger,
  onChoose,
}: {
  cid: number;
  pending: boolean;
  align: 'start' | 'end';
  trigger: ReactNode;
  onChoose: (until: Date | null) => void;
}) {
  const session = useSession();
  const timezone = companyTimezone(session);
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(false);
  const company = useCompanyHours(cid, open);
  const presets = snoozePresets(new Date(), timezone, company.data?.business_hours ?? null);
  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align={align} className="w-64">
          <DropdownMenuLabel className="font-normal text-muted-foreground text-xs">
            Snooze until ({timezone})
          </DropdownMenuLabel>
          {presets.map((p) => (
            <DropdownMenuItem key={p.key} onSelect={() => onChoose(p.until)}>
              {p.label}
              {p.until && (
                <span className="ml-auto text-muted-foreground text-xs tabular-nums">
                  {whenLabel(p.until, timezone)}
                </span>
              )}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCustom(true)}>Custom date and time...</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <FormDialog open={custom} onOpenChange={setCustom}>
        <CustomSnooze
          timezone={timezone}
          pending={pending}
          onCancel={() => setCustom(false)}
          onSnooze={onChoose}
          onDone={() => setCustom(false)}
        />
      </FormDialog>
    </>
  );
}

/** A date and time typed on the company's clocks; shared by the thread header and the bulk bar. */
export function CustomSnooze({
  timezone,
  pending,
  onCancel,
  onSnooze,
  onDone,
}: {
  timezone: string;
  pending: boolean;
  onCancel: () => void;
  onSnooze: (until: Date) => void;
  onDone: () => void;
}) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const until = companyInstant(date, time, timezone);
    if (!until) return setError('Choose a date and a time');
    if (until.getTime() <= Date.now()) return setError('Snooze until a time in the future');
    onSnooze(until);
    onDone();
  };
  return (
    <DialogForm
      title="Snooze until"
      description={`A date and time in the company’s timezone (${timezone}).`}
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel="Snooze"
      pending={pending}
      pendingLabel="Snoozing..."
    >
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="snooze-date">Date</Label>
          <Input id="snooze-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="snooze-time">Time</Label>
          <Input id="snooze-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </div>
      </div>
      <FieldError message={error} />
    </DialogForm>
  );
}
