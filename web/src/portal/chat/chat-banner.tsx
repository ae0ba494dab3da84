import { CircleCheck, Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TEXT } from '../constants';

/** The end of a chat: resolved by the agent (Ended) or closed by inactivity (Session Expired). */
export function ChatBanner({ kind, onStartNew }: { kind: 'ended' | 'expired'; onStartNew: () => void }) {
  const ended = kind === 'ended';
  const Icon = ended ? CircleCheck : Clock;
  return (
    <section
      role="status"
      data-testid={ended ? 'banner-ended' : 'banner-expired'}
      className="mt-6 flex flex-col items-center gap-3 rounded-xl border bg-card px-4 py-5 text-center shadow-xs"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="grid gap-1">
        <h2 className="font-semibold">{ended ? 'Conversation Ended' : 'Session Expired'}</h2>
        {ended ? (
          <p className="text-muted-foreground text-sm">
            This conversation has ended
            <br />
            The agent has resolved this conversation
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">This chat was closed after a period of inactivity.</p>
        )}
      </div>
      <Button onClick={onStartNew}>{TEXT.startNew}</Button>
    </section>
  );
}
