import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/**
 * A serializer for the portal's two hot answers (poll and send), set per route. The app-wide serializer of
 * fastify-type-provider-zod runs each answer through zod before `JSON.stringify` (about 35 µs a poll);
 * this one compiles the same zod schema, once, to JSON Schema and then to a fast-json-stringify function.
 * Fields outside the schema are still left out. What it gives up is the run-time check of types and enums,
 * which the other routes keep; these two answers are built field by field in `portal/chat.ts` and
 * `portal/send.ts`, and their tests compare them with the contract schemas.
 */
export const leanSerializer = ({ schema }: { schema: unknown }) =>
  fastJson(
    z.toJSONSchema(schema as ZodType, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0],
  );
