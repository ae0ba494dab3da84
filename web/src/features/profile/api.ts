import type { UpdateMeBody, User } from '@inbox/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshUser } from '@/lib/session';

/** PUT /auth/me: one's own name, or a new password proven by the current one. */
export const useUpdateMe = () =>
  useMutation({
    mutationFn: (body: UpdateMeBody) => api.put<User>('/auth/me', body),
    onSuccess: (user) => refreshUser(user),
  });
