import { useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { setSound, soundOn } from '@/features/live/new-message-alert';
import { playTone } from '@/lib/tone';

/** New customer messages in a background tab always count in the tab's title; the tone is a choice. */
export function NotificationsCard() {
  const id = useId();
  const [on, setOn] = useState(soundOn);
  const change = (next: boolean) => {
    setSound(next);
    setOn(next);
    // Heard once on switching on, so the user knows what to expect (and the browser allows sound later).
    if (next) playTone();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          When a customer writes while this tab is in the background, its title shows how many new messages
          came in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
          <Label htmlFor={id}>Play a sound for new messages</Label>
          <Switch id={id} checked={on} onCheckedChange={change} />
        </div>
      </CardContent>
    </Card>
  );
}
