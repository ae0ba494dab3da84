import {
  NOTIFICATION_MEDIA,
  NOTIFICATION_TYPES,
  type NotificationMedium,
  type NotificationPreferences,
  type NotificationType,
} from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorState } from '@/components/error-state';
import { SaveFooter } from '@/components/form-fields';
import { ListSkeleton } from '@/components/list-skeleton';
import { showServerError } from '@/components/server-errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { preferencesQuery, useSavePreferences } from '../api';
import { BrowserPushSwitch } from './browser-push-switch';

export const TYPE_LABELS: Record<NotificationType, string> = {
  assigned: 'Assigned to me',
  mentioned: 'Mentioned in a note',
  customer_replied: 'Customer replied',
  new_conversation: 'New conversation in my queues',
  snooze_ended: 'Snooze ended',
  sla_breached: 'Service level missed',
};

const MEDIUM_LABELS: Record<NotificationMedium, string> = { in_app: 'In app', email: 'Email', push: 'Push' };

/**
 * Which notifications reach you and how (contract section 14): a switch per type and medium, how long an
 * email waits for you to read it in the console first, and this browser's push subscription.
 */
export function NotificationPreferencesCard({ cid }: { cid: number }) {
  const prefs = useQuery(preferencesQuery(cid));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification preferences</CardTitle>
        <CardDescription>
          What the bell tells you about, and which of it also comes by email or as a browser notification.
        </CardDescription>
      </CardHeader>
      {prefs.isPending ? (
        <CardContent>
          <ListSkeleton label="Loading notification preferences" rows={3} />
        </CardContent>
      ) : prefs.isError ? (
        <CardContent>
          <ErrorState error={prefs.error} onRetry={() => prefs.refetch()} />
        </CardContent>
      ) : (
        <PreferencesForm cid={cid} saved={prefs.data} />
      )}
    </Card>
  );
}

function PreferencesForm({ cid, saved }: { cid: number; saved: NotificationPreferences }) {
  const form = useForm<NotificationPreferences>({ values: saved });
  const save = useSavePreferences(cid);
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (next) => {
        form.reset(next);
        toast.success('Notification preferences saved');
      },
      onError: (err) =>
        showServerError(
          err,
          form.setError,
          ['email_delay_minutes'],
          'Notification preferences could not be saved',
        ),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <CardContent className="space-y-5">
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm" aria-label="Notification preferences">
            <thead className="bg-muted/50">
              <tr className="border-b">
                <th scope="col" className="px-3 py-2 text-left font-medium text-muted-foreground">
                  Notification
                </th>
                {NOTIFICATION_MEDIA.map((m) => (
                  <th
                    key={m}
                    scope="col"
                    className="w-16 px-2 py-2 text-center font-medium text-muted-foreground"
                  >
                    {MEDIUM_LABELS[m]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="[&_tr:last-child]:border-0">
              {NOTIFICATION_TYPES.map((type) => (
                <tr key={type} className="border-b">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {TYPE_LABELS[type]}
                  </th>
                  {NOTIFICATION_MEDIA.map((medium) => (
                    <td key={medium} className="px-2 py-2 text-center">
                      <Controller
                        control={form.control}
                        name={`types.${type}.${medium}`}
                        render={({ field }) => (
                          <Switch
                            checked={field.value}
                            onCheckedChange={field.onChange}
                            aria-label={`${TYPE_LABELS[type]}: ${MEDIUM_LABELS[medium]}`}
                          />
                        )}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <TextField
          label="Email delay (minutes)"
          type="number"
          inputMode="numeric"
          min={0}
          max={1440}
          className="max-w-xs"
          hint="An email goes out only for a notification still unread this long after it came (0 to 1440)."
          error={form.formState.errors.email_delay_minutes?.message}
          // An emptied field is sent as null, and the server's 422 says what it takes.
          {...form.register('email_delay_minutes', { valueAsNumber: true })}
        />
        <BrowserPushSwitch />
      </CardContent>
      <SaveFooter form={form} pending={save.isPending} />
    </form>
  );
}
