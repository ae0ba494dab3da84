import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { ChangePasswordCard } from './components/change-password-card';
import { NotificationsCard } from './components/notifications-card';
import { ProfileDetailsCard } from './components/profile-details-card';
import { ThemeCard } from './components/theme-card';

/** /profile: one's own name, password, theme and message notifications. */
export default function ProfilePage() {
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 p-4 md:p-6">
      <PageHeader
        title="Profile"
        description="Your name, password, how the console looks and how it tells you about new messages."
      />
      {user && <ProfileDetailsCard user={user} />}
      <ChangePasswordCard />
      <ThemeCard />
      <NotificationsCard />
    </div>
  );
}
