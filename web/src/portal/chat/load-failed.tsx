import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TEXT } from '../constants';
import { CenteredPage } from '../shared/centered-page';
import { NoticeCard } from '../shared/notice-card';

/** The chat could not be opened: say why, offer a retry for passing trouble and always a fresh start. */
export function LoadFailed({
  message,
  onRetry,
  onStartNew,
}: {
  message: string;
  onRetry?: () => void;
  onStartNew: () => void;
}) {
  return (
    <CenteredPage>
      <NoticeCard
        icon={CircleAlert}
        tone="destructive"
        title={TEXT.loadFailedTitle}
        actions={
          <>
            {onRetry && (
              <Button variant="outline" onClick={onRetry}>
                Try again
              </Button>
            )}
            <Button onClick={onStartNew}>{TEXT.startNew}</Button>
          </>
        }
      >
        {message}
      </NoticeCard>
    </CenteredPage>
  );
}
