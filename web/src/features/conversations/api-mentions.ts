import type { MentionablePerson } from '@inbox/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /conversation/mentionable?id=: the people who can see the conversation, whom a note may mention. Kept
 * apart from the thread's keys, which every live event of the conversation refreshes.
 */
export const mentionableQuery = (cid: number, conversationId: number) =>
  queryOptions({
    queryKey: ['company', cid, 'mentionable', conversationId] as const,
    queryFn: ({ signal }) =>
      api.get<MentionablePerson[]>('/conversation/mentionable', { query: { id: conversationId }, signal }),
  });
