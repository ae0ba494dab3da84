import { PRIORITIES, type Priority } from '@inbox/contract';
import { AlarmClockIcon, ChevronDownIcon, FlagIcon } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { companyTimezone, useSession } from '@/lib/session';
import { useCompanyHours } from '../api-actions';
import { snoozePresets, whenLabel } from '../snooze-presets';
import { PriorityBadge } from './priority-badge';
import { CustomSnooze } from './triage-controls';

interface BulkMenuProps {
  disabled: boolean;
}

/** The bar's Priority: the four and "No priority", as the thread header's menu offers them. */
export function BulkPriorityMenu({
  disabled,
  onChoose,
}: BulkMenuProps & { onChoose: (priority: Priority | null) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-7 px-2" disabled={disabled}>
          <FlagIcon aria-hidden />
          Priority
          <ChevronDownIcon className="opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-44">
        {PRIORITIES.map((p) => (
          <DropdownMenuItem key={p} onSelect={() => onChoose(p)}>
            <PriorityBadge priority={p} />
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onChoose(null)}>No priority</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The bar's Snooze: the thread header's presets on the company's clocks, and a custom date and time. */
export function BulkSnoozeMenu({
  cid,
  disabled,
  onChoose,
}: BulkMenuProps & { cid: number; onChoose: (until: Date | null) => void }) {
  const session = useSession();
  const timezone = companyTimezone(session);
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(false);
  const company = useCompanyHours(cid, open);
  const presets = snoozePresets(new Date(), timezone, company.data?.business_hours ?? null);
  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="h-7 px-2" disabled={disabled}>
            <AlarmClockIcon aria-hidden />
            Snooze
            <ChevronDownIcon className="opacity-60" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
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
          pending={disabled}
          onCancel={() => setCustom(false)}
          onSnooze={onChoose}
          onDone={() => setCustom(false)}
        />
      </FormDialog>
    </>
  );
}
