import type { Customer, DuplicateSuggestion } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { CopyCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogPanel } from '@/components/form-dialog';
import { RadioButtons } from '@/components/radio-buttons';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { messageTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { duplicatesQuery, useMergeCustomers } from '../api';

const REASONS: Record<DuplicateSuggestion['reasons'][number], string> = {
  same_email: 'Same mailbox',
  same_phone: 'Same phone number',
  similar_name: 'Similar name',
  same_email_domain: 'Same email domain',
  same_email_local: 'Same email name',
  same_attribute: 'Same attribute',
};

/** People who may be this customer, with why; each can be compared side by side and merged. */
export function DuplicatesCard({ cid, customer }: { cid: number; customer: Customer }) {
  const suggestions = useQuery(duplicatesQuery(cid, customer.customer_id));
  const [comparing, setComparing] = useState<DuplicateSuggestion | null>(null);
  if (!suggestions.data?.length) return null;
  return (
    <Card>
      <CardHeaderWithAction
        title="Possible duplicates"
        description="Customers that may be the same person. Compare them before merging."
      />
      <CardContent>
        <ul className="divide-y rounded-md border">
          {suggestions.data.map((s) => (
            <li key={s.customer.customer_id} className="flex flex-wrap items-center gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-sm">{s.customer.name}</p>
                <p className="truncate text-muted-foreground text-xs">
                  {s.reasons.map((r) => REASONS[r]).join(' · ')} · {Math.round(s.score * 100)}% alike
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setComparing(s)}>
                <CopyCheckIcon aria-hidden />
                Compare
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
      {comparing && (
        <CompareDialog
          cid={cid}
          current={customer}
          other={comparing.customer}
          onClose={() => setComparing(null)}
        />
      )}
    </Card>
  );
}

const ROWS: { label: string; value: (c: Customer) => string }[] = [
  { label: 'Name', value: (c) => c.name },
  { label: 'Email', value: (c) => c.email ?? '—' },
  { label: 'Phone', value: (c) => c.phone ?? '—' },
  { label: 'Apps', value: (c) => c.apps.map((a) => a.app_name).join(', ') || '—' },
  { label: 'Conversations', value: (c) => String(c.conversations_count) },
  {
    label: 'Attributes',
    value: (c) =>
      Object.entries(c.attributes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ') || '—',
  },
  { label: 'Customer since', value: (c) => messageTime(c.created_ts) },
];

/** The two records side by side; the one kept absorbs the other, which is then gone. */
function CompareDialog({
  cid,
  current,
  other,
  onClose,
}: {
  cid: number;
  current: Customer;
  other: Customer;
  onClose: () => void;
}) {
  const [keep, setKeep] = useState<'current' | 'other'>('current');
  const merge = useMergeCustomers(cid);
  const navigate = useNavigate();
  const [primary, duplicate] = keep === 'current' ? [current, other] : [other, current];
  const conversations = `${duplicate.conversations_count} conversation${duplicate.conversations_count === 1 ? '' : 's'}`;
  return (
    <Dialog open onOpenChange={(open) => !open && !merge.isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogPanel
          title="Compare and merge"
          description="Choose the record to keep. The other one's conversations, apps, missing contact details, attributes and notes move to it, and the other record is deleted."
          footer={
            <>
              <Button variant="outline" onClick={onClose} disabled={merge.isPending}>
                Cancel
              </Button>
              <Button
                disabled={merge.isPending}
                onClick={() =>
                  merge.mutate(
                    { primary: primary.customer_id, duplicate: duplicate.customer_id },
                    {
                      onSuccess: (kept) => {
                        onClose();
                        navigate(`/customers/${kept.customer_id}`, { replace: true });
                      },
                      onError: (e) => toastError(e),
                    },
                  )
                }
              >
                {merge.isPending ? 'Merging...' : `Merge into ${primary.name}`}
              </Button>
            </>
          }
        >
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground text-xs">
                  <th className="w-28 py-1 pr-2 font-medium">
                    <span className="sr-only">Field</span>
                  </th>
                  <th className={cn('py-1 pr-2 font-medium', keep === 'current' && 'text-foreground')}>
                    This customer
                  </th>
                  <th className={cn('py-1 font-medium', keep === 'other' && 'text-foreground')}>
                    Possible duplicate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {ROWS.map((r) => (
                  <tr key={r.label}>
                    <th scope="row" className="py-1.5 pr-2 text-left font-normal text-muted-foreground">
                      {r.label}
                    </th>
                    <td className="break-words py-1.5 pr-2">{r.value(current)}</td>
                    <td className="break-words py-1.5">{r.value(other)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <RadioButtons
            aria-label="Record to keep"
            options={[
              { value: 'current', label: `Keep ${current.name}` },
              { value: 'other', label: `Keep ${other.name}` },
            ]}
            value={keep}
            onChange={setKeep}
            className="grid grid-cols-2 gap-0.5 rounded-lg bg-muted p-[3px] text-sm"
            buttonClassName={(active) =>
              cn(
                'h-8 truncate rounded-md px-2 font-medium',
                active
                  ? 'bg-background text-foreground shadow-sm dark:bg-input/40'
                  : 'text-muted-foreground hover:text-foreground',
              )
            }
          />
          <p className="text-muted-foreground text-sm">
            {duplicate.name}’s {conversations} and apps move to {primary.name}. {duplicate.name} is then
            deleted; their open chats go on.
          </p>
        </DialogPanel>
      </DialogContent>
    </Dialog>
  );
}
