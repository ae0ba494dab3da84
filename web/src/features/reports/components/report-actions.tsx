import { useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { calculationStatus, downloadReport, type ReportFilters, reportKeys, startCalculation } from '../api';

export const CALCULATE_FAILED = 'Failed to calculate statistics';

const REPORTS = [
  ['overview', 'Overview'],
  ['agents', 'Agent performance'],
  ['conversations', 'Conversations'],
] as const;

/** Download as CSV, and (for company admins and managers) recalculate the period with its progress. */
export function ReportActions({
  companyId,
  filters,
  canRecalculate,
}: {
  companyId: number;
  filters: ReportFilters;
  canRecalculate: boolean;
}) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  async function recalculate() {
    setProgress(0);
    try {
      const { job_id } = await startCalculation(filters);
      for (;;) {
        await new Promise((r) => setTimeout(r, 700));
        if (!alive.current) return;
        const s = await calculationStatus(job_id);
        setProgress(s.progress);
        if (s.status === 'failed') throw new Error(s.error ?? CALCULATE_FAILED);
        if (s.status === 'completed') break;
      }
      await qc.invalidateQueries({ queryKey: reportKeys.all(companyId) });
      toast.success('Statistics recalculated');
    } catch {
      toast.error(CALCULATE_FAILED);
    } finally {
      if (alive.current) setProgress(null);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <DownloadIcon aria-hidden />
            Download CSV
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {REPORTS.map(([report, label]) => (
            <DropdownMenuItem
              key={report}
              onSelect={() => downloadReport(report, filters).catch((e) => toastError(e))}
            >
              {label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {canRecalculate && (
        <Button variant="outline" onClick={recalculate} disabled={progress !== null}>
          <RefreshCwIcon aria-hidden className={progress !== null ? 'animate-spin' : ''} />
          {progress === null ? 'Recalculate' : `Recalculating... ${Math.round(progress * 100)}%`}
        </Button>
      )}
    </div>
  );
}
