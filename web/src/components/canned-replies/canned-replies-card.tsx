import type { CannedReply, CannedReplyScope } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareTextIcon, PaperclipIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { EditDeleteButtons } from '@/components/admin/edit-delete-buttons';
import { ManagedRow } from '@/components/admin/managed-list-card';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';
import { useListSearch } from '@/components/use-list-search';
import { cannedRepliesQuery, useDeleteCannedReply } from './api';
import { CannedReplyDialog, SCOPE_NOUN } from './canned-reply-dialog';

const PAGE = 20;

/**
 * The canned replies of one scope, to keep: the company's (Admin), an app's (the app's admin page) or one's
 * own (Profile). Searched and paged on the server as the picker is.
 */
export function CannedRepliesCard({
  companyId,
  scope,
  appId,
  description,
}: {
  companyId: number;
  scope: CannedReplyScope;
  appId?: number;
  description: string;
}) {
  const { term, offset, setOffset, input } = useListSearch('Search canned replies');
  const replies = useQuery(
    cannedRepliesQuery(companyId, { scope, appId, search: term, limit: PAGE, offset }),
  );
  const remove = useDeleteCannedReply(companyId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'canned reply',
    name: (r) => `/${r.short_code}`,
    description: 'Nobody can pick it any more. Messages already sent with it keep their text and files.',
  });
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const noun = SCOPE_NOUN[scope];

  return (
    <Card>
      <CardHeaderWithAction
        title={scope === 'personal' ? 'My canned replies' : 'Canned replies'}
        description={description}
        action={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden />
            Add {noun}
          </Button>
        }
      />
      <CardContent className="space-y-3">
        {input}
        <QueryView
          query={replies}
          loading="Loading canned replies"
          rows={2}
          empty={
            <EmptyState
              icon={MessageSquareTextIcon}
              title={term ? 'No canned reply matches' : 'No canned replies yet'}
              description="Save the answers you write again and again; type / in a reply to use them."
            />
          }
        >
          {(page) => (
            <>
              <ul className="divide-y" aria-label="Canned replies">
                {page.data.map((r) => (
                  <ManagedRow
                    key={r.canned_reply_id}
                    actions={
                      <EditDeleteButtons
                        name={`/${r.short_code}`}
                        onEdit={() => setEditing(r)}
                        onDelete={() => confirmDelete.ask(r)}
                      />
                    }
                  >
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-medium font-mono text-sm">/{r.short_code}</span>
                      <span className="text-muted-foreground text-sm">{r.title}</span>
                    </p>
                    <p className="line-clamp-2 whitespace-pre-line break-words text-sm">{r.content}</p>
                    {r.attachments.length > 0 && (
                      <p className="flex items-center gap-1 text-muted-foreground text-xs">
                        <PaperclipIcon className="size-3" aria-hidden />
                        {r.attachments.map((a) => a.original_filename).join(', ')}
                      </p>
                    )}
                  </ManagedRow>
                ))}
              </ul>
              <Pager offset={offset} limit={PAGE} total={page.meta.total} onChange={setOffset} />
            </>
          )}
        </QueryView>
      </CardContent>
      <CannedReplyDialog
        companyId={companyId}
        scope={scope}
        appId={appId}
        reply={editing === 'new' ? undefined : (editing ?? undefined)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      {confirmDelete.dialog}
    </Card>
  );
}
