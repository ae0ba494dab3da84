import type { Customer } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Trash2Icon, UserXIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { DialogPanel } from '@/components/form-dialog';
import { ListSkeleton } from '@/components/list-skeleton';
import { PageHeader } from '@/components/page-header';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-error';
import { relativeTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { customerQuery, useEraseCustomer } from './api';
import { DuplicatesCard } from './components/duplicates-card';
import { LabelsCard } from './components/labels-card';
import { AppsCard, ConversationsCard } from './components/links-cards';
import { ProfileCard } from './components/profile-card';

const BACK = { to: '/customers', label: 'Customers' };

export default function CustomerPage() {
  const { company } = useSession();
  const id = Number(useParams().customerId);
  const cid = company?.company_id ?? 0;
  const customer = useQuery({ ...customerQuery(cid, id), enabled: !!company && Number.isInteger(id) });
  const [erasing, setErasing] = useState(false);

  const frame = (
    body: React.ReactNode,
    title: React.ReactNode = 'Customer',
    description?: React.ReactNode,
  ) => (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 md:p-6">
      <PageHeader
        title={title}
        description={description}
        back={BACK}
        actions={
          customer.data && (
            <Button variant="outline" onClick={() => setErasing(true)}>
              <Trash2Icon aria-hidden />
              Erase customer
            </Button>
          )
        }
      />
      {body}
    </div>
  );

  if (customer.isPending) return frame(<ListSkeleton rows={5} label="Loading customer" />);
  if (customer.isError) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return frame(
      missing ? (
        <EmptyState
          icon={UserXIcon}
          title="Customer not found"
          description="They may have been merged into another customer or erased, or belong to apps you do not work in."
        />
      ) : (
        <ErrorState error={customer.error} onRetry={() => customer.refetch()} />
      ),
    );
  }
  const c = customer.data;
  return frame(
    <>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          {/* A fresh form per saved version, so a save or a merge shows the server's values. */}
          <ProfileCard key={c.updated_ts} cid={cid} customer={c} />
          <ConversationsCard cid={cid} customer={c} />
        </div>
        <div className="space-y-6">
          <LabelsCard cid={cid} customer={c} />
          <DuplicatesCard cid={cid} customer={c} />
          <AppsCard cid={cid} customer={c} />
        </div>
      </div>
      <EraseDialog cid={cid} customer={c} open={erasing} onOpenChange={setErasing} />
    </>,
    c.name,
    `${c.open_conversations_count} open of ${c.conversations_count} conversation${c.conversations_count === 1 ? '' : 's'} · ${
      c.last_activity_ts ? `last active ${relativeTime(c.last_activity_ts)}` : 'no activity yet'
    }`,
  );
}

/** The right to erasure, behind the customer's name typed out: nothing of them can be brought back. */
function EraseDialog({
  cid,
  customer,
  open,
  onOpenChange,
}: {
  cid: number;
  customer: Customer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const erase = useEraseCustomer(cid);
  const navigate = useNavigate();
  const inputId = useId();
  const close = (next: boolean) => {
    if (erase.isPending) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent role="alertdialog">
        <DialogPanel
          title={`Erase ${customer.name}?`}
          description={`This deletes the customer with all ${customer.conversations_count} of their conversations, every message and every file, for good. Use it when a customer asks to be forgotten.`}
          footer={
            <>
              <Button variant="outline" onClick={() => close(false)} disabled={erase.isPending}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={typed.trim() !== customer.name.trim() || erase.isPending}
                onClick={() =>
                  erase.mutate(customer, {
                    onSuccess: () => navigate('/customers', { replace: true }),
                    onError: (e) => toastError(e),
                  })
                }
              >
                {erase.isPending ? 'Erasing...' : 'Erase for good'}
              </Button>
            </>
          }
        >
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Type the customer’s name to confirm</Label>
            <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </div>
        </DialogPanel>
      </DialogContent>
    </Dialog>
  );
}
