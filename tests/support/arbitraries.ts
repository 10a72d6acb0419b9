import fc from "fast-check";
import { z } from "zod";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
};

/** The JSON Schema of a request schema, as a client would read it from the OpenAPI document. */
export const inputJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

const stringFor = (s: JsonSchema): fc.Arbitrary<string> => {
  if (s.format === "email") return fc.emailAddress();
  if (s.format === "uri" || s.format === "url") return fc.webUrl();
  if (s.format === "uuid") return fc.uuid();
  if (s.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
};

/** Values that fit the schema (as far as JSON Schema can say; refinements may still refuse some). */
export function validArbitrary(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => validArbitrary(u, depth + 1)));
  if (s.allOf?.length) return validArbitrary(s.allOf[0]!, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return stringFor(s);
    case "integer":
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000 });
    case "number":
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return depth > 3 ? fc.constant([]) : fc.array(validArbitrary(s.items ?? {}, depth + 1), { maxLength: 3 });
    case "object": {
      if (depth > 3 || !s.properties) return fc.constant({});
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties);
      return fc.record(Object.fromEntries(entries.map(([k, v]) => [k, validArbitrary(v, depth + 1)])), {
        requiredKeys: entries.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const hostile = fc.oneof(
  fc.constant(null),
  fc.constant(""),
  fc.constant("x".repeat(20_000)),
  fc.constant("😀\u0000\u202e<script>alert(1)</script>'; drop table users; --"),
  fc.constant(-1),
  fc.constant(-2147483649),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(1e308),
  fc.constant(1.5),
  fc.constant(true),
  fc.constant([]),
  fc.constant(["a", "b"]),
  fc.constant({}),
  fc.constant({ $ne: null }),
  fc.string({ unit: "binary", maxLength: 50 }),
);

/** Requests that do not fit: a field of the wrong type or absurd size, a required field missing, or a body that is not an object. */
export function malformedArbitrary(s: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(s.properties ?? {});
  const base = validArbitrary(s) as fc.Arbitrary<Record<string, unknown>>;
  const options: fc.Arbitrary<unknown>[] = [hostile];
  if (keys.length) {
    options.push(
      fc.tuple(base, fc.constantFrom(...keys), hostile).map(([v, k, bad]) => ({ ...(v as object), [k]: bad })),
      fc.tuple(base, fc.constantFrom(...keys)).map(([v, k]) => {
        const copy = { ...(v as object) } as Record<string, unknown>;
        delete copy[k];
        return copy;
      }),
    );
  }
  return fc.oneof(...options);
}

/** Query strings carry text only: every value becomes a string, arrays become repeated `name[]` values. */
export function toQuery(value: unknown): Record<string, string | string[]> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { value: String(value) };
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) out[`${k}[]`] = v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x)));
    else out[k] = typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
  }
  return out;
}
