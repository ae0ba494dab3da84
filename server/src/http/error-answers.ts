import { ErrorEnvelope, ValidationErrorEnvelope } from '@inbox/contract';
import type { FastifySchema } from 'fastify';
// The types @fastify/swagger's own options are declared with.
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { fieldsOf } from './schema-fields.ts';

/**
 * The error answers of each operation in the OpenAPI document (decision 041). A document that declares only
 * successes makes validating gateways and generated clients reject the product's real refusals, so each
 * operation lists the statuses its route can answer, derived from what the route is: where it sits (which
 * caller it admits, contract section 2), what it reads, and whether it writes. A status declared that a
 * route rarely answers costs a client nothing; one answered but not declared breaks it.
 */

/** What each status means, as the document says it. */
const REASONS = {
  400: 'The body is not valid JSON, or the request is malformed (BAD_REQUEST).',
  401: 'No valid session, portal token or API key (UNAUTHENTICATED; the portal’s INVALID_TOKEN, TOKEN_EXPIRED).',
  403:
    'Not allowed: not a member of the `X-Company-Id` company, a role or an API key permission short of the call, ' +
    'a suspended user or company, or an ended portal conversation (FORBIDDEN, USER_SUSPENDED, ' +
    'COMPANY_SUSPENDED, CONVERSATION_CLOSED, CONVERSATION_RESOLVED).',
  404: 'No such record, or one the caller may not see (NOT_FOUND; INVALID_APP for a portal app).',
  409: 'The change conflicts with what is stored: already a member, a duplicate identity, not ended (CONFLICT).',
  410: 'A satisfaction rating asked more than 7 days ago can no longer be given (RATING_EXPIRED).',
  413: 'The body or the file is too large (PAYLOAD_TOO_LARGE).',
  415: 'The content type, or an uploaded file’s type, is not accepted (UNSUPPORTED_MEDIA_TYPE).',
  422: 'A field is not valid (VALIDATION_ERROR): `errors` names each bad field with its sentences.',
  429: 'Too many requests (RATE_LIMITED): try again after `Retry-After` seconds.',
  500: 'An unexpected failure (INTERNAL); the details stay in the server’s log.',
  503: 'The database is briefly unreachable (SERVICE_UNAVAILABLE): try again after `Retry-After` seconds.',
} as const;

export type ErrorStatus = keyof typeof REASONS;

/** Paths any caller may call: nothing to authenticate, so no 401 or 403. */
const OPEN = [
  '/health',
  '/portal/queues',
  '/portal/start',
  '/widget/settings',
  '/auth/password_reset',
  // A rating link's token is its only proof: an unknown one is a 404 (contract section 14).
  '/ratings/:token',
];

/** The satisfaction rating calls: once per resolution (409), within 7 days of it (410). */
const RATINGS = /^\/(ratings\/|portal\/rating$)/;

/** Paths behind a rate limit (logins, reset mails, the portal, stream counts per caller). */
const LIMITED = [/^\/auth\/(login|password_reset)/, /^\/portal\//, /\/events(\/stream)?$/];

/** Paths whose writes act on a caller's company or the platform, where a write can conflict with the state. */
const ACCOUNT_WRITES = /^\/(?!auth\/|portal\/|channels\/|health|events\/)/;
/** Reads that answer 409 too: WhatsApp templates when Meta cannot give them (the integration's state). */
const CONFLICTING_READS = ['/whatsapp/templates'];

/** A field that names a record: such an operation answers 404 for a record that is not there. */
const namesRecord = (field: string) => field === 'id' || field === 'token' || field.endsWith('_id');

interface RouteLike {
  method: string;
  url: string;
  schema?: FastifySchema;
}

/** The error statuses an operation can answer, from its path, method and what it reads. */
export function errorStatusesOf(route: RouteLike): ErrorStatus[] {
  const path = route.url.replace(/^\/api\/v1/, '');
  const schema = route.schema ?? {};
  const statuses = new Set<ErrorStatus>([500, 503]);
  const add = (...more: ErrorStatus[]) => {
    for (const s of more) statuses.add(s);
  };
  // Any call that may carry a body can send one that is not JSON, too large or of another type.
  const writes = route.method !== 'GET';
  if (writes) add(400, 413, 415);
  const fields = [schema.body, schema.querystring, schema.params].flatMap(fieldsOf);
  if (fields.length > 0 || schema.body) add(422);
  if (!OPEN.includes(path)) add(401, 403);
  if (fields.some(namesRecord) || route.url.includes(':') || path.startsWith('/portal/')) add(404);
  if ((writes && ACCOUNT_WRITES.test(path)) || CONFLICTING_READS.includes(path)) add(409);
  if (LIMITED.some((p) => p.test(path))) add(429);
  if (RATINGS.test(path)) add(409, 410);
  return [...statuses].sort((a, b) => a - b);
}

const ref = (name: string) => `#/components/schemas/${name}`;
const RETRY_AFTER = {
  'retry-after': { type: 'string', description: 'seconds to wait before trying again' },
};

/** The operation's error answers as OpenAPI responses, each with the error envelope's schema. */
export function errorResponsesOf(route: RouteLike): Record<string, unknown> {
  return Object.fromEntries(
    errorStatusesOf(route).map((status) => [
      status,
      {
        description: REASONS[status],
        // JSON even where the success is not (a CSV export, a file's bytes).
        content: {
          'application/json': {
            schema: { $ref: ref(status === 422 ? 'ValidationErrorEnvelope' : 'ErrorEnvelope') },
          },
        },
        ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      },
    ]),
  );
}

/** A contract schema as a component of the document (3.1 speaks JSON Schema 2020-12). */
function component(schema: z.ZodType): OpenAPIV3_1.SchemaObject {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12' });
  return json as OpenAPIV3_1.SchemaObject;
}

/** The schemas the error answers refer to, for the document's `components.schemas`. */
export const errorSchemas = () => ({
  ErrorEnvelope: component(ErrorEnvelope),
  ValidationErrorEnvelope: component(ValidationErrorEnvelope),
});
