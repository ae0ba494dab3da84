import type { CompanySummary } from '@inbox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { switchCompany } from '@/lib/session';
import { useCompanyFromLink } from './use-company-from-link';

const company = (company_id: number, company_name: string): CompanySummary => ({
  company_id,
  company_name,
  timezone: 'UTC',
  role: 'agent',
  status: 'active',
  apps: [{ app_id: company_id * 10, app_name: `${company_name} app`, role: 'agent' }],
  apps_count: 1,
});

function Page() {
  const switching = useCompanyFromLink();
  const { pathname, search } = useLocation();
  return <p data-testid="at">{`${switching ? 'switching ' : ''}${pathname}${search}`}</p>;
}

function open(path: string) {
  const router = createMemoryRouter([{ path: '/conversations/:id', element: <Page /> }], {
    initialEntries: [path],
  });
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return () => view.getByTestId('at').textContent;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('a link that names its company', () => {
  it('switches to that company of the person’s and drops the parameter', async () => {
    localStorage.setItem('auth_token', 'tok');
    localStorage.setItem('user_companies', JSON.stringify([company(3, 'Acme'), company(9, 'Globex')]));
    // Stored as the console does it, which also refreshes the session read by the hook.
    switchCompany(company(3, 'Acme'));
    const at = open('/conversations/12?company_id=9');
    await act(async () => {});
    expect(localStorage.getItem('company_id')).toBe('9');
    expect(localStorage.getItem('selected_app_id')).toBe('90');
    expect(at()).toBe('/conversations/12');
  });

  it('leaves the company as it is for one the person is not in', async () => {
    localStorage.setItem('auth_token', 'tok');
    localStorage.setItem('user_companies', JSON.stringify([company(3, 'Acme')]));
    // Stored as the console does it, which also refreshes the session read by the hook.
    switchCompany(company(3, 'Acme'));
    const at = open('/conversations/12?company_id=9');
    await act(async () => {});
    expect(localStorage.getItem('company_id')).toBe('3');
    expect(at()).toBe('/conversations/12');
  });
});
