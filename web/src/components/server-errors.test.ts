import { describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (m: string) => toastError(m) } }));

const { showServerError } = await import('./server-errors');
const { ApiError } = await import('@/lib/api-error');

describe('showServerError', () => {
  it('puts 422 field errors under the form fields and does not toast', () => {
    toastError.mockClear();
    const setError = vi.fn();
    const err = new ApiError('Queue name is required', {
      status: 422,
      errors: { queue_name: ['Queue name is required'] },
    });
    showServerError(err, setError, ['queue_name', 'description']);
    expect(setError).toHaveBeenCalledWith(
      'queue_name',
      { type: 'server', message: 'Queue name is required' },
      { shouldFocus: true },
    );
    expect(toastError).not.toHaveBeenCalled();
  });

  it("toasts the server's sentence when no field of the form is named", () => {
    toastError.mockClear();
    const setError = vi.fn();
    const err = new ApiError('The user is already a member of this app', { status: 409 });
    showServerError(err, setError, ['user_id']);
    expect(setError).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('The user is already a member of this app');
  });

  it('toasts a 422 about a field the form does not show', () => {
    toastError.mockClear();
    const err = new ApiError('The user is not a member of this company', {
      status: 422,
      errors: { user_id: ['The user is not a member of this company'] },
    });
    showServerError(err, vi.fn(), ['role']);
    expect(toastError).toHaveBeenCalledWith('The user is not a member of this company');
  });
});
