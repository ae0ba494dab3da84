import { CannedRepliesCard } from '@/components/canned-replies/canned-replies-card';
import { PageHeader } from '@/components/page-header';
import { NotificationPreferencesCard } from '@/features/notifications/components/preferences-card';
import { useSession } from '@/lib/session';
import { ChangePasswordCard } from './components/change-password-card';
import { NotificationsCard } from './components/notifications-card';
import { ProfileDetailsCard } from './components/profile-details-card';
import { ThemeCard } from './components/theme-card';

/** /profile: one's own name, password, theme, message sound, notification preferences and canned replies. */
export default function ProfilePage() {
  const { user, company } = useSession();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 p-4 md:p-6">
      <PageHeader
        title="Profile"
        description="Your name, password, how the console looks, how it tells you about new messages and notifications, and your canned replies."
      />
      {user && <ProfileDetailsCard user={user} />}
      <ChangePasswordCard />
      <ThemeCard />
      <NotificationsCard />
      {company && <NotificationPreferencesCard cid={company.company_id} />}
      {company && (
        <div id="canned-replies" className="scroll-mt-4">
          <CannedRepliesCard
            companyId={company.company_id}
            scope="personal"
            description={`Your own replies in ${company.company_name}: only you see them, and you insert them by typing / and the short code.`}
          />
        </div>
      )}
    </div>
  );
}
