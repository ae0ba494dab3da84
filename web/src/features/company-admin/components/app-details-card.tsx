import { zodResolver } from '@hookform/resolvers/zod';
import type { App } from '@inbox/contract';
import { Controller, useForm } from 'react-hook-form';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useUpdateApp } from '../api/apps';
import { AppForm } from './app-form-dialog';

export function AppDetailsCard({ companyId, app }: { companyId: number; app: App }) {
  const canEdit = app.role === 'admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
        <CardDescription>
          {canEdit ? 'The name and description your team sees.' : 'Only app admins can change these details.'}
        </CardDescription>
      </CardHeader>
      {/* Keyed by the last update: a save or refetch starts the form from the server's values. */}
      <AppDetailsForm key={app.updated_at} companyId={companyId} app={app} canEdit={canEdit} />
    </Card>
  );
}

function AppDetailsForm({ companyId, app, canEdit }: { companyId: number; app: App; canEdit: boolean }) {
  const update = useUpdateApp(companyId);
  const form = useForm({
    resolver: zodResolver(AppForm),
    defaultValues: { app_name: app.app_name, description: app.description, is_active: app.is_active },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((body) =>
    update.mutate(
      { id: app.app_id, body },
      { onError: (err) => showServerError(err, form.setError, ['app_name', 'description', 'is_active']) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid gap-2">
          <Label htmlFor="detail_app_name">App name</Label>
          <Input
            id="detail_app_name"
            disabled={!canEdit}
            aria-invalid={!!errors.app_name}
            {...form.register('app_name')}
          />
          <FieldError message={errors.app_name?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="detail_app_description">Description</Label>
          <Textarea
            id="detail_app_description"
            rows={3}
            disabled={!canEdit}
            aria-invalid={!!errors.description}
            {...form.register('description')}
          />
          <FieldError message={errors.description?.message} />
        </div>
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <div className="space-y-1">
                <Label htmlFor="detail_app_active">Active</Label>
                <p className="text-muted-foreground text-xs">Inactive apps accept no new conversations.</p>
              </div>
              <Switch
                id="detail_app_active"
                disabled={!canEdit}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            </div>
          )}
        />
      </CardContent>
      {canEdit && (
        <CardFooter className="gap-2">
          <Button type="submit" disabled={update.isPending || !isDirty}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
          {isDirty && (
            <Button type="button" variant="ghost" onClick={() => form.reset()} disabled={update.isPending}>
              Discard
            </Button>
          )}
        </CardFooter>
      )}
    </form>
  );
}
