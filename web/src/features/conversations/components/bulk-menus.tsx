import { PRIORITIES, type Priority } from '@inbox/contract';
import { AlarmClockIcon, ChevronDownIcon, FlagIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { PriorityBadge } from './priority-badge';
import { SnoozeChoices } from './triage-controls';

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
  return (
    <SnoozeChoices
      cid={cid}
      pending={disabled}
      align="start"
      onChoose={onChoose}
      trigger={
        <Button variant="outline" size="sm" className="h-7 px-2" disabled={disabled}>
          <AlarmClockIcon aria-hidden />
          Snooze
          <ChevronDownIcon className="opacity-60" aria-hidden />
        </Button>
      }
    />
  );
}
