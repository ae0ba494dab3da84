import { zodResolver } from '@hookform/resolvers/zod';
import type { App } from '@inbox/contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useUpdateAdminApp } from '../api/apps';

const AppForm = z.object({
  app_name: z.string().trim().min(1, 'App name is required').max(200),
  description: z.string().trim().max(2000),
  is_active: z.boolean(),
});

export function AppDetailsCard({ app }: { app: App }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <DetailsForm key={app.updated_at} app={app} />
    </Card>
  );
}

function DetailsForm({ app }: { app: App }) {
  const update = useUpdateAdminApp(app.app_id);
  const form = useForm({
    resolver: zodResolver(AppForm),
    defaultValues: { app_name: app.app_name, description: app.description, is_active: app.is_active },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onError: (err) => showServerError(err, form.setError, ['app_name', 'description', 'is_active']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid gap-2">
          <Label htmlFor="pa_app_name">App name</Label>
          <Input id="pa_app_name" aria-invalid={!!errors.app_name} {...form.register('app_name')} />
          <FieldError message={errors.app_name?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="pa_app_description">Description</Label>
          <Textarea id="pa_app_description" rows={3} {...form.register('description')} />
          <FieldError message={errors.description?.message} />
        </div>
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <Label htmlFor="pa_app_active">Active</Label>
              <Switch id="pa_app_active" checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
      </CardContent>
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
    </form>
  );
}
