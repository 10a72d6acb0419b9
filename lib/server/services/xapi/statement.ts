import "server-only";
import { createHash } from "node:crypto";

/*
 * xAPI 1.0.3 statements of the platform's learning events. Pure: what a statement says is made here
 * from the event's facts; record-statement.ts gathers the facts inside the event's transaction.
 */

/** The verbs the platform uses: ADL's vocabulary, and the xAPI registry's "earned" for a certificate (ADL's has none for it). */
export const VERBS = {
  completed: "http://adlnet.gov/expapi/verbs/completed",
  passed: "http://adlnet.gov/expapi/verbs/passed",
  failed: "http://adlnet.gov/expapi/verbs/failed",
  answered: "http://adlnet.gov/expapi/verbs/answered",
  scored: "http://adlnet.gov/expapi/verbs/scored",
  earned: "http://id.tincanapi.com/verb/earned",
} as const;
export type VerbName = keyof typeof VERBS;

const ACTIVITY_TYPES = {
  course: "http://adlnet.gov/expapi/activities/course",
  video: "https://w3id.org/xapi/video/activity-type/video",
  quiz: "http://adlnet.gov/expapi/activities/assessment",
  essay: "http://adlnet.gov/expapi/activities/cmi.interaction",
  program: "http://adlnet.gov/expapi/activities/module",
  scorm: "http://adlnet.gov/expapi/activities/lesson",
} as const;
export type ActivityKind = keyof typeof ACTIVITY_TYPES;

/** A UUID made from a name (RFC 4122 version 5, SHA-1), in the platform's own namespace. */
export function uuidV5(name: string, namespace = XAPI_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ""), "hex");
  const hash = createHash("sha1").update(ns).update(name, "utf8").digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The namespace of the platform's statement ids: the RFC 4122 URL namespace's UUID of "xapi statements of this platform". */
const XAPI_NAMESPACE = "3a1c6f0e-55a4-5b8f-9c2e-6d7a1b0f4e21";

/** The activity id of a course, video, quiz, essay, SCORM item or program: a URL of this site made from its record's id, which no rename or new slug changes. */
export const activityId = (site: string, kind: ActivityKind, id: string) => `${site}/xapi/activities/${kind}/${id}`;

/** The id of a certificate as an activity: its public share page. */
export const certificateActivityId = (site: string, kind: "course" | "program", uid: string) => `${site}/certificates/${kind}/${uid}`;

export interface Activity {
  kind: ActivityKind;
  id: string;
  title: string;
}

export interface StatementFacts {
  /** The event's key: the statement's id is made from it. */
  eventKey: string;
  learner: { id: string; name: string };
  verb: VerbName;
  object: Activity | { certificate: { kind: "course" | "program"; uid: string; title: string } };
  /** The course (or program) the object belongs to. */
  parent?: Activity;
  result?: { score?: { raw: number; max: number }; success?: boolean; completion?: boolean };
  at: Date;
}

const en = (text: string) => ({ "en-US": text });

function activityObject(site: string, a: Activity) {
  return {
    objectType: "Activity" as const,
    id: activityId(site, a.kind, a.id),
    definition: {
      type: ACTIVITY_TYPES[a.kind],
      name: en(a.title),
      ...(a.kind === "essay" ? { interactionType: "long-fill-in" } : {}),
    },
  };
}

/**
 * The statement of an event. The actor is the learner's account on this site (homePage the site's
 * address, name the learner's id), not their e-mail: an id never changes and says nothing about the
 * person to whoever reads the LRS.
 */
export function buildStatement(site: string, facts: StatementFacts) {
  const object =
    "certificate" in facts.object
      ? {
          objectType: "Activity" as const,
          id: certificateActivityId(site, facts.object.certificate.kind, facts.object.certificate.uid),
          definition: { name: en(`Certificate: ${facts.object.certificate.title}`) },
        }
      : activityObject(site, facts.object);
  const score = facts.result?.score;
  const result = facts.result
    ? {
        ...(score
          ? { score: { raw: score.raw, min: 0, max: score.max, scaled: score.max > 0 ? Math.round((score.raw / score.max) * 10_000) / 10_000 : 0 } }
          : {}),
        ...(facts.result.success !== undefined ? { success: facts.result.success } : {}),
        ...(facts.result.completion !== undefined ? { completion: facts.result.completion } : {}),
      }
    : undefined;
  return {
    id: uuidV5(facts.eventKey),
    actor: { objectType: "Agent" as const, name: facts.learner.name, account: { homePage: site, name: facts.learner.id } },
    verb: { id: VERBS[facts.verb], display: en(facts.verb) },
    object,
    ...(result ? { result } : {}),
    context: {
      platform: "Learning Platform",
      language: "en-US",
      ...(facts.parent ? { contextActivities: { parent: [activityObject(site, facts.parent)] } } : {}),
    },
    timestamp: facts.at.toISOString(),
  };
}

export type XapiStatement = ReturnType<typeof buildStatement>;
