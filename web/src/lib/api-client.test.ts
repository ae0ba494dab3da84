import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { STORAGE_KEYS } from './storage';

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();

const reply = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  assign.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { pathname: '/conversations', search: '?status=open', assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client requests', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.companyId, '7');
  });

  it('sends the bearer token and the company header, and unwraps the envelope', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: true, data: { app_id: 1 } }));
    await expect(api.get('/apps', { query: { id: 1, search: '' } })).resolves.toEqual({ app_id: 1 });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v1/apps?id=1');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    // No body, no JSON content type: the server refuses an empty body announced as JSON.
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['X-Company-Id']).toBe('7');
    expect(headers['X-Impersonate-User-Id']).toBeUndefined();
  });

  it('sends a JSON body with its content type, and a bodiless DELETE without one', async () => {
    fetchMock.mockImplementation(async () => reply(200, { success: true, data: {} }));
    await api.put('/apps', { app_name: 'Store' }, { query: { id: 3 } });
    expect(lastCall().init.body).toBe('{"app_name":"Store"}');
    expect(lastCall().headers['Content-Type']).toBe('application/json');
    await api.delete('/apps', { query: { id: 3 } });
    expect(lastCall().init.method).toBe('DELETE');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().headers['Content-Type']).toBeUndefined();
  });

  it('leaves the company header off /auth and /admin calls', async () => {
    fetchMock.mockImplementation(async () => reply(200, { success: true, data: {} }));
    await api.get('/auth/me');
    expect(lastCall().headers['X-Company-Id']).toBeUndefined();
    await api.post('/admin/companies', { company_name: 'Acme' });
    expect(lastCall().headers['X-Company-Id']).toBeUndefined();
    expect(lastCall().headers.Authorization).toBe('Bearer tok-1');
  });

  it('sends the impersonated user while impersonating', async () => {
    localStorage.setItem(STORAGE_KEYS.impersonateUserId, '42');
    fetchMock.mockResolvedValue(reply(200, { success: true, data: {} }));
    await api.get('/auth/me');
    expect(lastCall().headers['X-Impersonate-User-Id']).toBe('42');
  });

  it('sends no token when signed out', async () => {
    localStorage.clear();
    fetchMock.mockResolvedValue(reply(200, { success: true, data: {} }));
    await api.post('/auth/password_reset', { email: 'a@b.c' });
    expect(lastCall().headers.Authorization).toBeUndefined();
  });

  it('posts and puts JSON bodies, an empty object when none is given', async () => {
    fetchMock.mockImplementation(async () => reply(200, { success: true, data: null }));
    await api.post('/auth/logout');
    expect(lastCall().init.body).toBe('{}');
    await api.put('/auth/me', { name: 'Ann' });
    expect(lastCall().init).toMatchObject({ method: 'PUT', body: '{"name":"Ann"}' });
    await api.delete('/apps', { query: { id: 3 } });
    expect(lastCall()).toMatchObject({ url: '/api/v1/apps?id=3', init: { method: 'DELETE' } });
  });

  it('returns list data with its paging', async () => {
    const meta = { total: 3, limit: 50, offset: 0 };
    fetchMock.mockResolvedValue(reply(200, { success: true, data: [1, 2, 3], meta }));
    await expect(api.list('/admin/users')).resolves.toEqual({ data: [1, 2, 3], meta });
  });

  it('uploads multipart without the JSON content type', async () => {
    fetchMock.mockResolvedValue(reply(201, { success: true, data: { attachment_id: 9 } }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await expect(api.upload('/attachments/upload', form)).resolves.toEqual({ attachment_id: 9 });
    expect(lastCall().init.body).toBe(form);
    expect(lastCall().headers['Content-Type']).toBeUndefined();
  });

  it('survives a success without a JSON body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/apps', { query: { id: 1 } })).resolves.toBeUndefined();
  });
});

describe('api client failures', () => {
  it('throws an ApiError with the text, status, field errors, code and details', async () => {
    const body = {
      success: false,
      message: 'Name is required',
      error: { code: 'VALIDATION_ERROR', message: 'Name is required', details: { app_id: 4 } },
      errors: { name: ['Name is required'] },
    };
    fetchMock.mockResolvedValue(reply(422, body, 'Unprocessable Entity'));
    const err = await api.post('/apps', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Name is required', status: 422, code: 'VALIDATION_ERROR' });
    expect((err as ApiError).details).toEqual({ app_id: 4 });
    expect((err as ApiError).fieldError('name')).toBe('Name is required');
    expect((err as ApiError).response).toEqual(body);
  });

  it("falls back to 'HTTP {status}: {status text}' for a body without a message", async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(api.get('/apps')).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it('turns a network failure into the network sentence', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/apps')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('passes the caller’s abort through unchanged (a cancelled query is not a network error)', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/apps', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('on 401 clears the session and goes to login with the way back', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'expired');
    localStorage.setItem(STORAGE_KEYS.userData, '{}');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    fetchMock.mockResolvedValue(reply(401, { success: false, message: 'Session expired' }, 'Unauthorized'));
    await expect(api.get('/conversation/poll')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(assign).toHaveBeenCalledWith(
      `/login?redirect=${encodeURIComponent('/conversations?status=open')}`,
    );
  });

  it('does not sign out or redirect when the login call itself answers 401', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'still-here');
    fetchMock.mockResolvedValue(reply(401, { success: false, message: 'Invalid email or password' }));
    await expect(api.post('/auth/login', { email: 'a', password: 'b' })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('still-here');
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not redirect again when already on the login page', async () => {
    vi.stubGlobal('location', { pathname: '/login', search: '?redirect=%2Fx', assign });
    fetchMock.mockResolvedValue(reply(401, { success: false, message: 'nope' }));
    await expect(api.post('/auth/logout')).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });
});
