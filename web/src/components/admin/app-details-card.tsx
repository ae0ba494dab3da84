import { zodResolver } from '@hookform/resolvers/zod';
import type { App } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { SaveFooter } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { APP_FIELDS, AppFieldset, AppForm, type AppValues, appDefaults } from './app-fields';

/** How the page saves the app: the company admin's or the platform admin's update call. */
export interface AppSave {
  mutate: (body: AppValues, options: { onError: (err: unknown) => void }) => void;
  isPending: boolean;
}

/** An app's details edited in place, on the company admin's and the platform admin's app pages. */
export function AppDetailsCard({
  app,
  save,
  canEdit = true,
  description,
}: {
  app: App;
  save: AppSave;
  canEdit?: boolean;
  description?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {/* Keyed by the last update: a save or refetch starts the form from the server's values. */}
      <AppDetailsForm key={app.updated_at} app={app} save={save} canEdit={canEdit} />
    </Card>
  );
}

function AppDetailsForm({ app, save, canEdit }: { app: App; save: AppSave; canEdit: boolean }) {
  const form = useForm({ resolver: zodResolver(AppForm), defaultValues: appDefaults(app) });
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onError: (err) => showServerError(err, form.setError, APP_FIELDS) }),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <AppFieldset form={form} disabled={!canEdit} />
      </CardContent>
      {canEdit && <SaveFooter form={form} pending={save.isPending} />}
    </form>
  );
}
