import type { Customer } from '@inbox/contract';
import { LabelChips } from '@/components/labels/label-chips';
import { LabelPicker } from '@/components/labels/label-picker';
import { toastError } from '@/components/server-errors';
import { TitledCard } from '@/components/ui/card';
import { useLabelCustomer } from '../api';

/** The customer's labels, and the picker that changes them (anyone who sees the customer). */
export function LabelsCard({ cid, customer: c }: { cid: number; customer: Customer }) {
  const label = useLabelCustomer(cid);
  return (
    <TitledCard
      title="Labels"
      description="Groups this customer belongs to; every teammate can filter by them."
    >
      <div className="flex flex-wrap items-center gap-2">
        <LabelPicker
          cid={cid}
          value={c.labels}
          disabled={label.isPending}
          onToggle={(change) =>
            label.mutate({ customer_id: c.customer_id, ...change }, { onError: (e) => toastError(e) })
          }
        />
        {c.labels.length > 0 ? (
          <LabelChips labels={c.labels} />
        ) : (
          <p className="text-muted-foreground text-sm">No labels yet.</p>
        )}
      </div>
    </TitledCard>
  );
}
