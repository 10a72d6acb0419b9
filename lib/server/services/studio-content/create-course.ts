import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq, or } from "drizzle-orm";
import { writeCourses } from "@/lib/server/content/writers/courses";
import { ContentIds } from "@/lib/server/content/writers/rows";
import { courseDrafts, courses } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { conflict } from "../../errors";
import { coverImageRefusal } from "./cover-image";
import { domainIdOf } from "./draft";

export interface CourseSettingsInput {
  name: string;
  description: string;
  domain: string;
  courseType: "mandatory" | "nonMandatory" | "complimentary";
  price: number | null;
  isPremium: boolean;
  /** Left out: unchanged (none for a new course). */
  coverImage?: string | null;
}

/**
 * A new course, written by the importer's course writer with no version yet (so learners cannot see
 * it), and its empty draft at revision 1. Its key, the importer's identifier, is its slug id.
 */
export async function createCourse(deps: Deps, user: User, input: CourseSettingsInput & { slugId: string }) {
  const [taken] = await deps.db
    .select({ id: courses.id })
    .from(courses)
    .where(or(eq(courses.slugId, input.slugId), eq(courses.key, input.slugId)))
    .limit(1);
  if (taken) throw conflict(`Another course already uses the slug id "${input.slugId}".`, "slug_taken");
  const coverImage = input.coverImage ?? null;
  const refusal = await coverImageRefusal(deps, coverImage);
  if (refusal) throw refusal;
  const now = deps.now();
  const domainId = await domainIdOf(deps, input.domain);
  const courseId = await deps.db.transaction(async (tx) => {
    const ids = new ContentIds();
    ids.domains.set(input.domain, domainId);
    await writeCourses(
      tx,
      [
        {
          key: input.slugId,
          slugId: input.slugId,
          name: input.name,
          description: input.description,
          image: coverImage ?? undefined,
          domain: input.domain as never,
          courseType: input.courseType,
          price: input.price ?? undefined,
          currency: "INR",
          isPremium: input.isPremium,
          versions: [],
        },
      ],
      ids,
    );
    const id = ids.courses.get(input.slugId)!;
    await tx.insert(courseDrafts).values({ courseId: id, revision: 1, content: [], updatedBy: user.id, updatedAt: now });
    await recordAudit(tx, {
      actorId: user.id,
      courseId: id,
      action: "course.create",
      revision: 1,
      summary: `Created the course "${input.name}"`,
      after: { ...input, coverImage },
      at: now,
    });
    return id;
  });
  return {
    courseId,
    revision: 1,
    state: "draft" as const,
    slugId: input.slugId,
    name: input.name,
    description: input.description,
    domain: input.domain,
    courseType: input.courseType,
    price: input.price,
    isPremium: input.isPremium,
    coverImage,
  };
}
