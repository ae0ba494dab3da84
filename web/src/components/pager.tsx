import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { countLabel } from '@/lib/format';

interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  /** The server counted no further than `total`: there may be more ("of 1,000+"). */
  capped?: boolean;
  onChange: (offset: number) => void;
}

/** "1–50 of 120" with previous and next; hidden when everything fits on one page. */
export function Pager({ offset, limit, total, capped = false, onChange }: PagerProps) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 pt-3 text-sm">
      <span className="text-muted-foreground">
        {total === 0 ? 0 : offset + 1}–{last} of {countLabel(total, capped)}
      </span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          <ChevronLeftIcon aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onChange(offset + limit)}>
          Next
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
