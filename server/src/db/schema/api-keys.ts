import { API_PERMISSIONS } from '@inbox/contract';
import { bigint, index, integer, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps, ts } from './columns.ts';
import { companies } from './companies.ts';
import { conversations, messages } from './conversations.ts';
import { integrations } from './integrations.ts';
import { users } from './users.ts';

/**
 * A company's API keys (contract section 9). Only the SHA-256 of the key is kept: keys are 32 random bytes,
 * so a slow password hash would add nothing but cost on every call. `prefix` is the start of the key, shown
 * so people can tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
    expiresAt: ts('expires_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    unique('api_keys_company_id_id_key').on(t.companyId, t.id),
    index('api_keys_company_idx').on(t.companyId),
  ],
);

/** One permission of one key on one integration; its id is what a revoke names. */
export const apiKeyPermissions = pgTable(
  'api_key_permissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    apiKeyId: cascadeTo('api_key_id', () => apiKeys.id),
    integrationId: cascadeTo('integration_id', () => integrations.id),
    permission: text('permission', {
      enum: API_PERMISSIONS,
    }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('api_key_permissions_grant_key').on(t.apiKeyId, t.integrationId, t.permission),
    index('api_key_permissions_integration_idx').on(t.integrationId),
  ],
);

/**
 * A message an integration brought in, by the sender's own id for it: a repeated delivery of the same
 * `external_message_id` (or, later, a provider's message id) finds the first one instead of storing another.
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    companyId: cascadeTo('company_id', () => companies.id),
    integrationId: cascadeTo('integration_id', () => integrations.id),
    externalId: text('external_id').notNull(),
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.integrationId, t.externalId] }),
    index('channel_messages_conversation_idx').on(t.conversationId),
  ],
);
