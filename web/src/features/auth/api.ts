import type { LoginBody, LoginResult, PasswordResetHashBody } from '@inbox/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/login. */
export const useLogin = () =>
  useMutation({ mutationFn: (body: LoginBody) => api.post<LoginResult>('/auth/login', body) });

/** POST /auth/password_reset: always answers `{code: 'success', message}`, whether or not the email exists. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: { email: string }) =>
      api.post<{ code: string; message: string }>('/auth/password_reset', body),
  });

/** POST /auth/password_reset_hash: sets the new password with the mailed link's hash. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: PasswordResetHashBody) => api.post<unknown>('/auth/password_reset_hash', body),
  });
