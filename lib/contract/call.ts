import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The API's groups: each call is served at /api + group + path, spelled as in the spec. */
export type CallGroup = "/auth" | "/user" | "/course" | "/dashboard" | "/GroupMeeting" | "/node" | "";

export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  group: CallGroup;
  path: string;
  summary: string;
  /** false for the calls a visitor makes before signing in. */
  auth: boolean;
  query?: Q;
  body?: B;
  response: R;
  /** 200 unless the spec says otherwise (finishLogin and getRedirectionNodeKey answer 201). */
  status?: 200 | 201;
}

export function defineCall<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
  def: CallDef<Q, B, R>,
): CallDef<Q, B, R> {
  return def;
}

export const fullPath = (call: Pick<CallDef, "group" | "path">) => `${call.group}${call.path}`;

export type CallQuery<C> = C extends CallDef<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : never) : never;
export type CallBody<C> = C extends CallDef<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : never) : never;
export type CallResponse<C> = C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;
