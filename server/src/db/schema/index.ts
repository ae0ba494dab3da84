export * from './activities.ts';
export * from './companies.ts';
export * from './conversations.ts';
export * from './events.ts';
export * from './inbox.ts';
export * from './portal.ts';
export * from './settings.ts';
export * from './users.ts';
