import { z } from "zod";
import { callErrorCodes, fullPath, IDEMPOTENCY_KEY_HEADER, isServed, type CallDef } from "./call";
import { errorBody } from "./common";
import { ERROR_CODE_STATUS, type ErrorCode } from "./error-codes";
import { idempotencyKey } from "./entities/shared";
import { callsByName } from "./index";

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

const SCHEMA_REF = "#/components/schemas/";
const DEFS_REF = "#/$defs/";

/** The error answers every operation lists, and the description of each error status. */
const errorStatuses: Record<string, string> = {
  "400": "Bad input: the message names the field",
  "401": "No session, or the session has ended",
  "403": "The signed-in user may not do this",
  "404": "Not found",
  "429": "Too many requests; try again later",
  "500": "Something went wrong on the server",
};
const moreErrorStatuses: Record<string, string> = {
  "409": "The data is not in a state that allows this",
  "410": "Gone for good",
  "413": "The body or file is too large",
  "415": "The body is not of the type the call takes",
  "503": "The service is unavailable for now; try again later",
};

/**
 * The error answers of a call, by status: the error body whose `code` is one of the codes the call may
 * answer with at that status (none: the answer carries no code), so a client generator types each
 * error's code as a union of the call's codes.
 */
function errorResponses(call: CallDef, errorRef: JsonSchema) {
  const byStatus = new Map<string, ErrorCode[]>(Object.keys(errorStatuses).map((status) => [status, []]));
  for (const code of callErrorCodes(call)) {
    const status = String(ERROR_CODE_STATUS[code]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a.localeCompare(b))) {
    const code = codes.length ? { type: "string", enum: codes } : false;
    responses[status] = {
      description: errorStatuses[status] ?? moreErrorStatuses[status] ?? "Error",
      content: { "application/json": { schema: { allOf: [errorRef, { properties: { code } }] } } },
    };
  }
  return responses;
}

const groupTags: Record<CallDef["group"], string> = {
  "/auth": "Auth",
  "/user": "User",
  "/course": "Course",
  "/dashboard": "Dashboard",
  "/GroupMeeting": "Group meeting",
  "/node": "Node",
  "": "Other",
};

/** Points references to the document's components instead of the schema's own $defs. */
function rewriteRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(DEFS_REF)) {
        const name = inner.slice(DEFS_REF.length);
        out[key] = SCHEMA_REF + (names.get(name) ?? name);
      } else {
        out[key] = rewriteRefs(inner, names);
      }
    }
    return out;
  }
  return value;
}

/** Collects the named schemas of every converted schema into components.schemas. */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: Io): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12", cycles: "ref", reused: "inline" }) as JsonSchema;
    const { $defs, ...root } = json;
    delete root.$schema;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const names = new Map<string, string>();
    for (const name of Object.keys(defs)) names.set(name, this.nameFor(name, io, defs));
    const rewrite = (value: unknown) => rewriteRefs(value, names);
    for (const [name, def] of Object.entries(defs)) {
      const target = names.get(name)!;
      if (!(target in this.components)) this.components[target] = rewrite(def) as JsonSchema;
    }
    return rewrite(root) as JsonSchema;
  }

  /** The component name for a definition: its own id, or the id plus Input when the request shape differs. */
  private nameFor(name: string, io: Io, defs: Record<string, JsonSchema>): string {
    const existing = this.components[name];
    const same = (d: JsonSchema | undefined) => JSON.stringify(rewriteRefs(d, new Map())) === JSON.stringify(existing);
    if (!existing || same(defs[name])) return name;
    return io === "input" ? `${name}Input` : `${name}Output`;
  }

  ref(name: string, schema: z.ZodType): JsonSchema {
    if (!(name in this.components)) this.components[name] = this.convert(schema, "output");
    return { $ref: SCHEMA_REF + name };
  }
}

const isArraySchema = (schema: JsonSchema | undefined): boolean => {
  if (!schema) return false;
  if (schema.type === "array") return true;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return Array.isArray(variants) && variants.some(isArraySchema);
};

function queryParameters(query: z.ZodType, collector: SchemaCollector) {
  const input = collector.convert(query, "input");
  const output = collector.convert(query, "output");
  const inputProps = (input.properties ?? {}) as Record<string, JsonSchema>;
  const outputProps = (output.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  return Object.keys({ ...inputProps, ...outputProps }).map((key) => {
    const outputProp = outputProps[key];
    const isArray = isArraySchema(outputProp);
    // A list arrives as name[]; its request shape (one value or many) is the list's own shape.
    const schema = isArray ? outputProp! : (inputProps[key] ?? outputProp ?? {});
    const description = (schema.description ?? outputProp?.description) as string | undefined;
    return {
      name: isArray ? `${key}[]` : key,
      in: "query",
      required: required.has(key),
      ...(description ? { description } : {}),
      schema,
      ...(isArray ? { style: "form", explode: true } : {}),
    };
  });
}

/** The header an idempotent call's key travels in (`idempotent: true`). */
function idempotencyKeyParameter(collector: SchemaCollector) {
  const { description, ...schema } = collector.convert(idempotencyKey, "input");
  return { name: IDEMPOTENCY_KEY_HEADER, in: "header", required: false, description, schema };
}

function operation(name: string, call: CallDef, collector: SchemaCollector) {
  const status = String(call.status ?? 200);
  const errorRef = collector.ref("ErrorBody", errorBody);
  const responses: Record<string, unknown> = {
    [status]: {
      description: status === "201" ? "Created" : "OK",
      content: { [call.responseFormat === "calendar" ? "text/calendar" : call.responseFormat === "csv" ? "text/csv" : call.responseFormat === "zip" ? "application/zip" : "application/json"]: { schema: collector.convert(call.response, "output") } },
    },
  };
  Object.assign(responses, errorResponses(call, errorRef));
  const served = isServed(call);
  return {
    operationId: name,
    summary: served ? call.summary : `${call.summary} (Not served yet.)`,
    tags: [groupTags[call.group]],
    security: call.access === "anonymous" ? [] : [{ bearerAuth: [] }],
    "x-access": call.access,
    "x-served": served,
    "x-error-codes": callErrorCodes(call),
    ...(call.query || call.idempotent
      ? { parameters: [...(call.query ? queryParameters(call.query, collector) : []), ...(call.idempotent ? [idempotencyKeyParameter(collector)] : [])] }
      : {}),
    ...(call.body
      ? {
          requestBody: {
            required: true,
            content:
              call.bodyFormat === "multipart"
                ? { "multipart/form-data": { schema: withFileField(collector.convert(call.body, "input")) } }
                : { "application/json": { schema: collector.convert(call.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/** A multipart form's schema: the text fields of the body schema and the required field `file`. */
function withFileField(schema: unknown): unknown {
  const form = schema as { properties?: Record<string, unknown>; required?: string[] };
  return {
    ...form,
    properties: { ...form.properties, file: { type: "string", contentMediaType: "application/octet-stream", description: "The file, sent as a form part" } },
    required: [...(form.required ?? []), "file"],
  };
}

/** The OpenAPI 3.1 description of the whole API, built from the contract. */
export function buildOpenApiDocument(): object {
  const collector = new SchemaCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(callsByName)) {
    const path = `/api${fullPath(call)}`;
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = operation(name, call, collector);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Learning platform API",
      version: "1.0.0",
      description:
        "Every call of the learning platform. Signed-in calls need the header Authorization: Bearer {token}. Every non-2xx answer has the body {error, message, statusCode, code}; each operation's error answers list the codes it may carry, and a client switches on the code, never on the message.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    tags: Object.values(groupTags)
      .filter((tag) => tag !== "Other")
      .map((tag) => ({ name: tag })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The session token from finishLogin" },
      },
      schemas: Object.fromEntries(Object.entries(collector.components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
