/**
 * The top-level field names of a route's zod schema (body, query or params), through the wrappers a schema
 * may sit in (optional, refine, pipe, union): what the OpenAPI error answers and the route-wide tests read.
 */
export function fieldsOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  const def = s.def ?? {};
  const inner = def.innerType ?? def.in ?? def.schema;
  if (inner) return fieldsOf(inner);
  if (Array.isArray(def.options)) return [...new Set(def.options.flatMap(fieldsOf))];
  return [];
}
