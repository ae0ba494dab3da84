import type { Page } from 'playwright-core';
import type { TestServer } from './server';

/**
 * Signs in through the API and stores the session as the login page would (the storage keys of product
 * spec section 3), so a test starts on the page it is about instead of typing into the login form again.
 */
export async function storeSession(
  page: Page,
  srv: TestServer,
  email: string,
  password: string,
  theme: 'light' | 'dark' = 'light',
) {
  const login = await srv.api('POST', '/auth/login', { body: { email, password } });
  await page.goto(`${srv.url}/api/v1/health`);
  await page.evaluate(
    ({ login, theme }) => {
      localStorage.setItem('auth_token', login.access_token);
      localStorage.setItem('user_data', JSON.stringify(login.user));
      localStorage.setItem('user_companies', JSON.stringify(login.companies));
      if (login.current_company) {
        localStorage.setItem('current_company', JSON.stringify(login.current_company));
        localStorage.setItem('company_id', String(login.current_company.company_id));
      }
      localStorage.setItem('theme', theme);
    },
    { login, theme },
  );
}
