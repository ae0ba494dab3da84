import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormText } from '@/components/form-fields';
import { InitialsAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { ApiError, messageOf } from '@/lib/api-error';
import { useUpdateMe } from '../api';

const ProfileForm = z.object({ name: z.string().trim().min(1, 'Name is required').max(200) });

export function ProfileDetailsCard({ user }: { user: User }) {
  const update = useUpdateMe();
  const form = useForm<z.input<typeof ProfileForm>>({
    resolver: zodResolver(ProfileForm),
    values: { name: user.name },
    resetOptions: { keepDirtyValues: true },
  });
  const submit = form.handleSubmit(({ name }) =>
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          form.reset({ name: name.trim() });
          toast.success('Profile updated');
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.fieldError('name') : undefined;
          if (field) form.setError('name', { message: field });
          else toast.error(messageOf(err, 'Failed to update profile'));
        },
      },
    ),
  );

  return (
    <TitledCard
      title="Your details"
      description="Your name is what customers and teammates see on your replies."
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Your details">
        <div className="flex items-center gap-3">
          <InitialsAvatar initials={user.initials} className="size-12 text-base" />
          <div className="min-w-0">
            <p className="truncate font-medium">{user.name}</p>
            <p className="truncate text-muted-foreground text-sm">{user.email}</p>
          </div>
        </div>
        <FormText form={form} name="name" label="Name" autoComplete="name" />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          disabled
          hint="Your email address is your sign-in name and cannot be changed here."
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
