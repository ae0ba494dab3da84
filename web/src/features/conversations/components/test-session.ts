/** The browser storage of an agent signed in to company 3 with one app (7), as the inbox tests start. */
export function signInTestAgent() {
  localStorage.setItem('auth_token', 'tok');
  localStorage.setItem('company_id', '3');
  localStorage.setItem('user_data', JSON.stringify({ user_id: 1, name: 'Sam' }));
  localStorage.setItem(
    'current_company',
    JSON.stringify({
      company_id: 3,
      company_name: 'Acme',
      timezone: 'UTC',
      role: 'agent',
      apps: [{ app_id: 7, app_name: 'Store', role: 'agent' }],
      apps_count: 1,
    }),
  );
}
