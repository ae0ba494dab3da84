import { LinkIcon } from 'lucide-react';
import { CenteredPage } from '../shared/centered-page';
import { NoticeCard } from '../shared/notice-card';

export function InvalidLink() {
  return (
    <CenteredPage>
      <NoticeCard icon={LinkIcon} title="Invalid Support Link" tone="destructive">
        This support link is invalid. Please check the URL and try again.
      </NoticeCard>
    </CenteredPage>
  );
}
