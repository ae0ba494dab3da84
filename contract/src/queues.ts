import { z } from 'zod';
import { QUEUE_ROLES } from './constants.ts';
import { Description, Id, OptionalQueryId, Paging, PersonFields, QueryId } from './envelope.ts';

export const Queue = z.object({
  queue_id: z.number(),
  queue_name: z.string(),
  app_id: z.number(),
  company_id: z.number(),
  description: z.string(),
  is_private: z.boolean(),
  is_active: z.boolean(),
  members_count: z.number(),
  created_at: z.string(),
});
export type Queue = z.infer<typeof Queue>;

const QueueName = z.string().trim().min(1, 'Queue name is required').max(200);

const QueueFields = z.object({
  queue_name: QueueName,
  description: Description,
  is_private: z.boolean(),
  is_active: z.boolean(),
});

export const CreateQueueBody = QueueFields.extend({
  app_id: Id,
  description: Description.default(''),
  is_private: z.boolean().default(false),
  is_active: z.boolean().default(true),
});
export type CreateQueueBody = z.infer<typeof CreateQueueBody>;

export const UpdateQueueBody = QueueFields.partial();
export type UpdateQueueBody = z.infer<typeof UpdateQueueBody>;

export const ListQueuesQuery = Paging.extend({ app_id: OptionalQueryId });
export type ListQueuesQuery = z.infer<typeof ListQueuesQuery>;

export const QueueMember = z.object({ queue_id: z.number(), ...PersonFields, role: z.enum(QUEUE_ROLES) });
export type QueueMember = z.infer<typeof QueueMember>;

export const AddQueueMemberBody = z.object({
  queue_id: Id,
  user_id: Id,
  role: z.enum(QUEUE_ROLES).default('member'),
});
export type AddQueueMemberBody = z.infer<typeof AddQueueMemberBody>;
export const UpdateQueueMemberBody = z.object({ role: z.enum(QUEUE_ROLES) });
export const QueueMemberQuery = z.object({ id: QueryId, user_id: QueryId });
/** `GET /queue/users?id={queue_id}`. */
export const QueueMembersQuery = Paging.extend({ id: QueryId });
