/** Platform-side keys: ['platform', ...]. No company in them: /admin/* acts outside any company. */
export const platformKeys = {
  all: ['platform'] as const,
  companies: ['platform', 'companies'] as const,
  company: (id: number) => ['platform', 'company', id] as const,
  apps: ['platform', 'apps'] as const,
  app: (id: number) => ['platform', 'app', id] as const,
  queues: ['platform', 'queues'] as const,
  users: ['platform', 'users'] as const,
  user: (id: number) => ['platform', 'user', id] as const,
};

/** Platform lists page at 50 (product spec section 9). */
export const PAGE = 50;
