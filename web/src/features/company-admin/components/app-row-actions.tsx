import type { App } from '@inbox/contract';
import { MoreHorizontalIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DELETE_APP } from '@/components/admin/app-fields';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useDeleteApp, useUpdateApp } from '../api/apps';
import { AppFormDialog } from './app-form-dialog';

/** Manage, edit, (de)activate and delete one app; what is offered follows the caller's rights. */
export function AppRowActions({
  app,
  companyId,
  isCompanyAdmin,
}: {
  app: App;
  companyId: number;
  isCompanyAdmin: boolean;
}) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const update = useUpdateApp(companyId);
  const remove = useDeleteApp(companyId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'app',
    name: (a) => a.app_name,
    description: DELETE_APP,
  });
  const isAppAdmin = app.role === 'admin';

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${app.app_name}`}>
            <MoreHorizontalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => navigate(`/admin/apps/${app.app_id}`)}>Manage</DropdownMenuItem>
          {isAppAdmin && <DropdownMenuItem onSelect={() => setEditing(true)}>Edit</DropdownMenuItem>}
          {isAppAdmin && (
            <DropdownMenuItem
              onSelect={() =>
                update.mutate(
                  { id: app.app_id, body: { is_active: !app.is_active } },
                  { onError: (e) => toastError(e) },
                )
              }
            >
              {app.is_active ? 'Deactivate' : 'Activate'}
            </DropdownMenuItem>
          )}
          {isCompanyAdmin && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => confirmDelete.ask(app)}>
                Delete
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <AppFormDialog companyId={companyId} app={app} open={editing} onOpenChange={setEditing} />
      {confirmDelete.dialog}
    </>
  );
}
