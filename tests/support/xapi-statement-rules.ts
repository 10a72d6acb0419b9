/*
 * The rules of an xAPI 1.0.3 statement that an LRS enforces (xAPI-Data.md, section 2), checked the
 * way an LRS checks them: a statement breaking any is refused. Each problem names the property.
 */

type Json = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
// ISO 8601 date and time with a time zone (Z or an offset), as the spec requires of timestamp.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
const LANGUAGE_TAG = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;
const INTERACTION_TYPES = ["true-false", "choice", "fill-in", "long-fill-in", "matching", "performance", "sequencing", "likert", "numeric", "other"];
const STATEMENT_KEYS = ["id", "actor", "verb", "object", "result", "context", "timestamp", "stored", "authority", "version", "attachments"];

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** An IRI: an absolute address with a scheme (the spec's IRIs are absolute). */
function isIri(v: unknown): boolean {
  if (typeof v !== "string" || /\s/.test(v)) return false;
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(v) && !!new URL(v).protocol;
  } catch {
    return false;
  }
}

/** An IRL: an IRI that can be fetched (http or https). */
const isIrl = (v: unknown) => isIri(v) && /^https?:\/\//i.test(String(v));

function languageMap(v: unknown, where: string, problems: string[]) {
  if (!isObject(v) || !Object.keys(v).length) return void problems.push(`${where} must be a language map with at least one entry`);
  for (const [tag, text] of Object.entries(v)) {
    if (!LANGUAGE_TAG.test(tag)) problems.push(`${where}: "${tag}" is not an RFC 5646 language tag`);
    if (typeof text !== "string") problems.push(`${where}.${tag} must be a string`);
  }
}

function agent(v: unknown, where: string, problems: string[]) {
  if (!isObject(v)) return void problems.push(`${where} must be an object`);
  if (v.objectType !== undefined && v.objectType !== "Agent") problems.push(`${where}.objectType must be "Agent" for a learner`);
  if (v.name !== undefined && typeof v.name !== "string") problems.push(`${where}.name must be a string`);
  const ifis = ["mbox", "mbox_sha1sum", "openid", "account"].filter((k) => v[k] !== undefined);
  if (ifis.length !== 1) problems.push(`${where} must have exactly one inverse functional identifier, has ${ifis.length} (${ifis.join(", ") || "none"})`);
  if (v.mbox !== undefined && !/^mailto:[^@\s]+@[^@\s]+$/.test(String(v.mbox))) problems.push(`${where}.mbox must be a mailto: IRI`);
  if (v.openid !== undefined && !isIri(v.openid)) problems.push(`${where}.openid must be an IRI`);
  if (v.account !== undefined) {
    const account = v.account;
    if (!isObject(account)) problems.push(`${where}.account must be an object`);
    else {
      if (!isIrl(account.homePage)) problems.push(`${where}.account.homePage must be an IRL`);
      if (typeof account.name !== "string" || !account.name) problems.push(`${where}.account.name must be a non-empty string`);
    }
  }
}

function activity(v: unknown, where: string, problems: string[]) {
  if (!isObject(v)) return void problems.push(`${where} must be an object`);
  if (v.objectType !== undefined && v.objectType !== "Activity") problems.push(`${where}.objectType must be "Activity"`);
  if (!isIri(v.id)) problems.push(`${where}.id must be an IRI`);
  const d = v.definition;
  if (d === undefined) return;
  if (!isObject(d)) return void problems.push(`${where}.definition must be an object`);
  if (d.name !== undefined) languageMap(d.name, `${where}.definition.name`, problems);
  if (d.description !== undefined) languageMap(d.description, `${where}.definition.description`, problems);
  if (d.type !== undefined && !isIri(d.type)) problems.push(`${where}.definition.type must be an IRI`);
  if (d.moreInfo !== undefined && !isIrl(d.moreInfo)) problems.push(`${where}.definition.moreInfo must be an IRL`);
  if (d.interactionType !== undefined) {
    if (!INTERACTION_TYPES.includes(String(d.interactionType))) problems.push(`${where}.definition.interactionType "${String(d.interactionType)}" is not an interaction type`);
    if (d.type !== undefined && d.type !== "http://adlnet.gov/expapi/activities/cmi.interaction") problems.push(`${where}.definition: an interaction's type should be cmi.interaction`);
  }
}

function result(v: unknown, problems: string[]) {
  if (!isObject(v)) return void problems.push("result must be an object");
  for (const k of ["success", "completion"]) if (v[k] !== undefined && typeof v[k] !== "boolean") problems.push(`result.${k} must be a boolean`);
  if (v.duration !== undefined && !/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(String(v.duration))) {
    problems.push("result.duration must be an ISO 8601 duration");
  }
  const s = v.score;
  if (s === undefined) return;
  if (!isObject(s)) return void problems.push("result.score must be an object");
  for (const k of ["scaled", "raw", "min", "max"]) if (s[k] !== undefined && (typeof s[k] !== "number" || !Number.isFinite(s[k]))) problems.push(`result.score.${k} must be a number`);
  if (typeof s.scaled === "number" && (s.scaled < -1 || s.scaled > 1)) problems.push(`result.score.scaled must be from -1 to 1, is ${s.scaled}`);
  if (typeof s.min === "number" && typeof s.max === "number" && s.max <= s.min) problems.push("result.score.max must be greater than min");
  if (typeof s.raw === "number") {
    if (typeof s.min === "number" && s.raw < s.min) problems.push("result.score.raw must not be below min");
    if (typeof s.max === "number" && s.raw > s.max) problems.push("result.score.raw must not be above max");
  }
}

function context(v: unknown, problems: string[]) {
  if (!isObject(v)) return void problems.push("context must be an object");
  if (v.registration !== undefined && !UUID.test(String(v.registration))) problems.push("context.registration must be a UUID");
  for (const k of ["platform", "language", "revision"]) if (v[k] !== undefined && typeof v[k] !== "string") problems.push(`context.${k} must be a string`);
  if (typeof v.language === "string" && !LANGUAGE_TAG.test(v.language)) problems.push("context.language must be an RFC 5646 language tag");
  const ca = v.contextActivities;
  if (ca === undefined) return;
  if (!isObject(ca)) return void problems.push("context.contextActivities must be an object");
  for (const [k, list] of Object.entries(ca)) {
    if (!["parent", "grouping", "category", "other"].includes(k)) problems.push(`context.contextActivities.${k} is not a context activity kind`);
    for (const [i, a] of (Array.isArray(list) ? list : [list]).entries()) activity(a, `context.contextActivities.${k}[${i}]`, problems);
  }
}

/** What breaks the rules in a statement; empty when it is valid. */
export function statementProblems(statement: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(statement)) return ["a statement must be a JSON object"];
  for (const k of Object.keys(statement)) if (!STATEMENT_KEYS.includes(k)) problems.push(`${k} is not a property of a statement`);
  if (statement.id !== undefined && !UUID.test(String(statement.id))) problems.push("id must be a UUID");
  agent(statement.actor, "actor", problems);
  const verb = statement.verb;
  if (!isObject(verb)) problems.push("verb must be an object");
  else {
    if (!isIri(verb.id)) problems.push("verb.id must be an IRI");
    languageMap(verb.display, "verb.display", problems);
  }
  activity(statement.object, "object", problems);
  if (statement.result !== undefined) result(statement.result, problems);
  if (statement.context !== undefined) context(statement.context, problems);
  if (statement.timestamp !== undefined && (!TIMESTAMP.test(String(statement.timestamp)) || Number.isNaN(Date.parse(String(statement.timestamp))))) {
    problems.push("timestamp must be an ISO 8601 date and time with a time zone");
  }
  if (statement.version !== undefined && !/^1\.0\.\d+$/.test(String(statement.version))) problems.push("version must be 1.0.x");
  return problems;
}
