import { type Customer, channelLabel } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { LinkIcon, MessagesSquareIcon, UnlinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { OptionSelect } from '@/components/option-select';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';
import { UnverifiedBadge } from '@/components/unverified-badge';
import { relativeTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { StatusBadge } from '../../conversations/components/status-badge';
import { customerConversationsQuery, useCustomerAppLinks } from '../api';

/** The apps the customer belongs to; another one the caller can see can be added, and any removed. */
export function AppsCard({ cid, customer }: { cid: number; customer: Customer }) {
  const { company } = useSession();
  const { link, unlink } = useCustomerAppLinks(cid, customer.customer_id);
  const linked = new Set(customer.apps.map((a) => a.app_id));
  const choices = (company?.apps ?? []).filter((a) => !linked.has(a.app_id));
  const [choice, setChoice] = useState('');
  const lastWithConversations = customer.apps.length === 1 && customer.conversations_count > 0;

  return (
    <Card>
      <CardHeaderWithAction title="Apps" description="Where this customer is known." />
      <CardContent className="space-y-3">
        <ul className="divide-y rounded-md border">
          {customer.apps.map((a) => (
            <li key={a.app_id} className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="truncate text-sm">{a.app_name}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove from ${a.app_name}`}
                title={
                  lastWithConversations ? 'A customer with conversations keeps at least one app' : undefined
                }
                disabled={lastWithConversations || unlink.isPending}
                onClick={() => unlink.mutate(a.app_id, { onError: (e) => toastError(e) })}
              >
                <UnlinkIcon />
              </Button>
            </li>
          ))}
        </ul>
        {choices.length > 0 && (
          <div className="flex gap-2">
            <OptionSelect
              aria-label="App to add"
              className="h-9 min-w-0 flex-1"
              value={choice}
              none="Choose an app"
              options={choices.map((a) => ({ value: a.app_id, label: a.app_name }))}
              onValue={setChoice}
            />
            <Button
              variant="outline"
              disabled={!choice || link.isPending}
              onClick={() =>
                link.mutate(Number(choice), { onSuccess: () => setChoice(''), onError: (e) => toastError(e) })
              }
            >
              <LinkIcon aria-hidden />
              Add
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The customer's conversations the caller can see, latest first; each opens in the inbox. */
export function ConversationsCard({ cid, customer }: { cid: number; customer: Customer }) {
  const [offset, setOffset] = useState(0);
  const list = useQuery(customerConversationsQuery(cid, customer.customer_id, offset));
  return (
    <Card>
      <CardHeaderWithAction
        title="Conversations"
        description="Everything this customer wrote, newest first."
      />
      <CardContent>
        <QueryView
          query={list}
          loading="Loading conversations"
          rows={3}
          empty={
            <EmptyState
              icon={MessagesSquareIcon}
              title="No conversations"
              description="None that you can see: they may be in apps you do not work in."
            />
          }
        >
          {(data) => (
            <>
              <ul className="-mx-1 divide-y">
                {data.data.map((c) => (
                  <li key={c.conversation_id}>
                    <Link
                      to={`/conversations/${c.conversation_id}`}
                      className="flex flex-col gap-1 rounded-md px-3 py-2.5 hover:bg-muted/60 focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span className="flex items-center gap-2 text-sm">
                        <span className="font-medium">#{c.number}</span>
                        <StatusBadge status={c.status} />
                        {!c.verified && <UnverifiedBadge className="px-1.5 py-0" />}
                        <span className="truncate text-muted-foreground text-xs">
                          {c.app_name}
                          {c.queue_name ? ` · ${c.queue_name}` : ''} · {channelLabel(c.channel)}
                        </span>
                        <span className="ml-auto shrink-0 text-muted-foreground text-xs">
                          {relativeTime(c.updated_ts)}
                        </span>
                      </span>
                      <span className="truncate text-muted-foreground text-sm">
                        {c.last_message?.content || 'No messages'}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Pager offset={offset} limit={20} total={data.meta.total} onChange={setOffset} />
            </>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
