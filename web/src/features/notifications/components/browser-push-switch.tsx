import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { messageOf } from '@/lib/api-error';
import {
  currentSubscription,
  PUSH_SENTENCES,
  PushError,
  pushSupported,
  turnOffPush,
  turnOnPush,
} from '../push';

/**
 * "Browser notifications": whether this browser gets the push notifications the table above switches on. On
 * asks permission and subscribes; off unsubscribes. What went wrong shows under the switch in a sentence.
 */
export function BrowserPushSwitch() {
  const id = useId();
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(supported ? null : PUSH_SENTENCES.unsupported);

  useEffect(() => {
    let alive = true;
    currentSubscription()
      .then((sub) => alive && setOn(!!sub))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (next) await turnOnPush();
      else await turnOffPush();
      setOn(next);
      toast.success(next ? 'Browser notifications are on' : 'Browser notifications are off');
    } catch (err) {
      setError(
        err instanceof PushError ? err.message : messageOf(err, 'Browser notifications could not be changed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-4">
        <div className="space-y-0.5">
          <Label htmlFor={id}>Browser notifications</Label>
          <p className="text-muted-foreground text-xs">
            Show the Push column’s notifications on this device, even when the console is closed.
          </p>
        </div>
        <Switch
          id={id}
          checked={on}
          disabled={!supported || busy}
          aria-describedby={error ? `${id}-error` : undefined}
          onCheckedChange={(next) => void change(next)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
