import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
type Route = (call: FakeCall) => Reply;

/** A fetch stand-in for component tests: routes `METHOD /path` to replies and records every call. */
export function fakeApi(routes: Record<string, Route>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const call: FakeCall = {
      method,
      path: url.pathname.replace('/api/v1', ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${call.path}`];
    const reply = route ? await route(call) : { status: 404, body: { success: false, message: 'nope' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });

export const fail = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { success: false, message, error: { code, message }, ...extra },
});

export function at(url: string) {
  window.history.replaceState(null, '', url);
}
