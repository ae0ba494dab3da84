import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { TestServer } from './server';

export const PASSWORD = 'secret-pass-1';

export interface Tenant {
  adminToken: string;
  companies: { acme: number; globex: number };
  apps: { webChat: number; mobile: number; helpdesk: number };
  users: { ann: number; bob: number };
}

/**
 * Two companies through the platform admin API: Ann is admin of Acme (two apps) and agent of Globex (one app);
 * Bob is an agent of Acme's Web Chat only.
 */
export async function seedTenant(srv: TestServer): Promise<Tenant> {
  const adminToken = await srv.login(srv.adminEmail, srv.adminPassword);
  const call = (method: string, p: string, body: unknown) => srv.api(method, p, { token: adminToken, body });
  const acme = (await call('POST', '/admin/companies', { company_name: 'Acme Support' })).company_id;
  const globex = (await call('POST', '/admin/companies', { company_name: 'Globex' })).company_id;
  const app = async (company_id: number, app_name: string) =>
    (await call('POST', '/admin/apps', { company_id, app_name })).app_id as number;
  const webChat = await app(acme, 'Web Chat');
  const mobile = await app(acme, 'Mobile App');
  const helpdesk = await app(globex, 'Helpdesk');
  const user = async (name: string, email: string) =>
    (await call('POST', '/admin/users', { name, email, password: PASSWORD })).user_id as number;
  const ann = await user('Ann Agent', 'ann@example.com');
  const bob = await user('Bob Builder', 'bob@example.com');
  await call('POST', '/admin/user-company', { user_id: ann, company_id: acme, company_role: 'admin' });
  await call('POST', '/admin/user-company', { user_id: ann, company_id: globex, company_role: 'agent' });
  await call('POST', '/admin/user-company', { user_id: bob, company_id: acme, company_role: 'agent' });
  await call('POST', '/admin/user-app', { user_id: ann, app_id: webChat, app_role: 'admin' });
  await call('POST', '/admin/user-app', { user_id: ann, app_id: mobile, app_role: 'agent' });
  await call('POST', '/admin/user-app', { user_id: ann, app_id: helpdesk, app_role: 'agent' });
  await call('POST', '/admin/user-app', { user_id: bob, app_id: webChat, app_role: 'agent' });
  return {
    adminToken,
    companies: { acme, globex },
    apps: { webChat, mobile, helpdesk },
    users: { ann, bob },
  };
}

/** Signs in through the login form and waits for the console. */
export async function signIn(page: Page, base: string, email: string, password = PASSWORD) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // The shell refreshes the session from /auth/me as it opens; waiting for that keeps a test's first click
  // from racing the re-render it causes (a popover opened before it could close again under load).
  const refreshed = page.waitForResponse((res) => res.url().includes('/api/v1/auth/me'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await refreshed;
}

/** The reset link's hash from the newest mail to `email` in DATA_DIR/mail (tests have no SMTP server). */
export async function resetHashFor(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      // Quoted-printable: join soft line breaks before looking for the link.
      const text = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!new RegExp(`^To: .*${email.replace('.', '\\.')}`, 'mi').test(text)) continue;
      const match = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(text);
      if (match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail to ${email} was written`);
}

/** The <html> element carries the `dark` class. */
export const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));
