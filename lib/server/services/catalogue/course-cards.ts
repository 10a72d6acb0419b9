import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import { batches, courses, courseVersions, domains, enrollments, programCourses, programs } from "../../db/schema";
import type { Deps } from "../../deps";
import { courseSummaryColumns, enrollmentSummaryColumns, loadBatchLinks, type BatchLink, type CourseType, type EnrollmentType, type User } from "../../domain/course-access";
import { decideEnrollment, enrollmentStateOf } from "../../domain/decide-enrollment";
import { autoEnrollMember } from "../../domain/enrollment";
import { courseDurationFields } from "../../domain/course-hours";
import { loadActivityByVersion, toVersionTotals, versionFigures, versionTotalColumns, type ProgressFigures, type VersionTotals } from "../../domain/completion";

export type DurationFilter = "Less than 10 hours" | "10 - 20 hours" | "Greater than 20 hours";
type CourseStatus = CourseCard["courseStatus"];
type Domain = CourseCard["domain"];

const HOUR = 3600;

/** Whether a course's total video length falls in a duration filter. */
export function matchesDuration(totalSeconds: number, filter: DurationFilter | undefined): boolean {
  if (!filter) return true;
  if (filter === "Less than 10 hours") return totalSeconds < 10 * HOUR;
  if (filter === "10 - 20 hours") return totalSeconds >= 10 * HOUR && totalSeconds <= 20 * HOUR;
  return totalSeconds > 20 * HOUR;
}

/** Case-insensitive search in a name and description. */
export function matchesSearch(searchText: string | undefined, ...fields: string[]): boolean {
  const needle = searchText?.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((f) => f.toLowerCase().includes(needle));
}

export function paginate<T>(items: T[], pageNumber: number, pageSize: number) {
  return {
    currentPageNumber: pageNumber,
    currentPageSize: pageSize,
    totalItems: items.length,
    totalPages: Math.ceil(items.length / pageSize),
    results: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
  };
}

interface VersionFacts extends VersionTotals {
  id: string;
  courseId: string;
  versionName: string;
  releasedAt: Date;
  isCurrent: boolean;
}

export interface CatalogueCourse {
  id: string;
  name: string;
  description: string;
  domain: Domain;
  /** Video seconds of the version the learner takes (or the current one): what duration filters measure. */
  totalSeconds: number;
  isEnrolled: boolean;
  figures: ProgressFigures;
  /** The learner has watched something, or completed something, in the course. */
  isStarted: boolean;
  lastActivityAt: number;
  /** The course as a card; courseStatus, and the program context when listed inside a program, are set by the caller. */
  card: (status: CourseStatus, program?: { programId: string; batchId: string | null; courseType: CourseType }) => CourseCard;
}

export interface CatalogueProgram {
  id: string;
  name: string;
  description: string;
  image: string | null;
  domain: Domain | null;
  courseIds: string[];
  courseTypes: Map<string, CourseType>;
  batchId: string | null;
}

export interface Catalogue {
  courses: CatalogueCourse[];
  byId: Map<string, CatalogueCourse>;
  programs: CatalogueProgram[];
}

/**
 * Everything the catalogue shows, for one learner: every course with the figures of its cards and
 * every program. A fixed number of queries whatever the catalogue's size (after the learner's
 * auto-enrollments are brought up to date); filters and pages are applied by the callers.
 */
export async function loadCatalogue(deps: Deps, user: User): Promise<Catalogue> {
  const { db } = deps;
  await autoEnrollMember(db, user.id);
  const [courseRows, versionRows, enrollmentRows, linkRows, progressRows, programRows] = await Promise.all([
    db
      .select({ ...courseSummaryColumns, priceCents: courses.priceCents, currency: courses.currency, isPremium: courses.isPremium, archivedAt: courses.archivedAt })
      .from(courses)
      .innerJoin(domains, eq(domains.id, courses.domainId))
      .orderBy(asc(courses.name)),
    db
      .select({
        id: courseVersions.id,
        courseId: courseVersions.courseId,
        versionName: courseVersions.versionName,
        releasedAt: courseVersions.releasedAt,
        isCurrent: courseVersions.isCurrent,
        ...versionTotalColumns(courseVersions.id),
      })
      .from(courseVersions)
      .orderBy(sql`${courseVersions.isCurrent} desc`, sql`${courseVersions.releasedAt} desc`),
    db
      .select({ courseId: enrollments.courseId, ...enrollmentSummaryColumns, batchExpiresAt: batches.accountExpiresAt })
      .from(enrollments)
      .leftJoin(batches, eq(batches.id, enrollments.batchId))
      .where(eq(enrollments.userId, user.id)),
    loadBatchLinks(db, user.id),
    loadActivityByVersion(db, user.id),
    db
      .select({
        id: programs.id,
        name: programs.name,
        description: programs.description,
        image: programs.image,
        domain: domains.name,
        courseId: programCourses.courseId,
        courseType: programCourses.courseType,
      })
      .from(programs)
      .leftJoin(domains, eq(domains.id, programs.domainId))
      .leftJoin(programCourses, eq(programCourses.programId, programs.id))
      .orderBy(asc(programs.name), asc(programCourses.position)),
  ]);

  const versionsByCourse = new Map<string, VersionFacts[]>();
  for (const v of versionRows) {
    const list = versionsByCourse.get(v.courseId) ?? [];
    list.push({ ...v, ...toVersionTotals(v) });
    versionsByCourse.set(v.courseId, list);
  }
  const enrollmentByCourse = new Map(enrollmentRows.map((e) => [e.courseId, e]));
  const linksByCourse = new Map<string, (BatchLink & { courseId: string })[]>();
  for (const l of linkRows) {
    const list = linksByCourse.get(l.courseId) ?? [];
    list.push(l);
    linksByCourse.set(l.courseId, list);
  }
  const progressByVersion = progressRows;
  const now = deps.now();

  const list: CatalogueCourse[] = [];
  for (const c of courseRows) {
    const versions = versionsByCourse.get(c.id) ?? [];
    const enrollment = enrollmentByCourse.get(c.id);
    const version = versions.find((v) => v.id === enrollment?.versionId) ?? versions[0];
    if (!version) continue;
    // An archived course leaves the catalogue; its enrolled learners keep it (docs/studio.md).
    if (c.archivedAt && !enrollment) continue;
    const links = linksByCourse.get(c.id) ?? [];
    const link = links[0];
    const p = progressByVersion.get(version.id);
    const figures = versionFigures(version, p);
    const enrollmentType: EnrollmentType = enrollment?.enrollmentType ?? link?.enrollmentType ?? "No Auto Enrollment";
    const enrollmentState = enrollmentStateOf(decideEnrollment({ course: c, enrollment: enrollment ?? null, batches: links, user, now }));
    const entry: CatalogueCourse = {
      id: c.id,
      name: c.name,
      description: c.description,
      domain: c.domain as Domain,
      totalSeconds: version.videoSeconds,
      isEnrolled: !!enrollment,
      figures,
      isStarted: figures.watchedVideoSeconds > 0 || figures.completedVideos + figures.completedMcq + figures.completedEssay > 0,
      lastActivityAt: p?.lastActivityAt ?? 0,
      card: (courseStatus, program) => ({
        courseId: c.id,
        versionId: version.id,
        programId: program?.programId ?? enrollment?.programId ?? link?.programId ?? null,
        batchId: program ? program.batchId : (enrollment?.batchId ?? link?.batchId ?? null),
        courseImage: c.image,
        courseName: c.name,
        description: c.description,
        slug: c.slug,
        slugId: c.slugId,
        domain: c.domain as Domain,
        videoWatchedDurationInMinutes: figures.watchedMinutes,
        videoTotalDurationInMinutes: figures.totalMinutes,
        totalChaptersInCourse: version.chapters,
        completedMcqCount: figures.completedMcq,
        totalMcqCount: figures.totalMcq,
        completedSubjectiveCount: figures.totalEssay ? figures.completedEssay : null,
        totalSubjectiveCount: figures.totalEssay || null,
        courseProgressInPercentage: figures.percent,
        courseType: enrollment?.courseType ?? program?.courseType ?? link?.courseType ?? c.courseType,
        courseStatus,
        enrollmentType,
        enrollmentStartDate: enrollment?.startDate ? enrollment.startDate.toISOString() : null,
        isEnrolled: !!enrollment,
        enrollmentState,
        videoWatchedDurationInSeconds: Math.round(figures.watchedVideoSeconds),
        videoTotalDurationInSeconds: figures.totalVideoSeconds,
        ...(versions.length > 1
          ? {
              versions: versions.map((v) => {
                const mine = enrollment?.versionId === v.id;
                return {
                  versionId: v.id,
                  versionName: v.versionName,
                  releasedDate: v.releasedAt.toISOString(),
                  isCurrent: v.isCurrent,
                  isEnrolled: mine,
                  enrollmentType: mine ? enrollment!.enrollmentType : null,
                  enrollmentStartDate: mine && enrollment!.startDate ? enrollment!.startDate.toISOString() : null,
                };
              }),
            }
          : {}),
      }),
    };
    list.push(entry);
  }

  const programList: CatalogueProgram[] = [];
  const programById = new Map<string, CatalogueProgram>();
  for (const r of programRows) {
    let p = programById.get(r.id);
    if (!p) {
      const batchId = linkRows.find((l) => l.programId === r.id)?.batchId ?? null;
      p = { id: r.id, name: r.name, description: r.description, image: r.image, domain: (r.domain as Domain | null) ?? null, courseIds: [], courseTypes: new Map(), batchId };
      programById.set(r.id, p);
      programList.push(p);
    }
    if (r.courseId) {
      p.courseIds.push(r.courseId);
      p.courseTypes.set(r.courseId, r.courseType ?? "mandatory");
    }
  }

  return { courses: list, byId: new Map(list.map((c) => [c.id, c])), programs: programList };
}

/** A program as a bundle card. */
export function bundledProgramOf(catalogue: Catalogue, p: CatalogueProgram) {
  const seconds = p.courseIds.reduce((sum, id) => sum + (catalogue.byId.get(id)?.totalSeconds ?? 0), 0);
  return {
    programId: p.id,
    programName: p.name,
    programImage: p.image,
    totalCourses: p.courseIds.length,
    batchId: p.batchId,
    domain: p.domain,
    description: p.description,
    ...courseDurationFields(seconds),
  };
}

/** Programs matching a search and a domain. */
export function matchingPrograms(catalogue: Catalogue, query: { searchText?: string; domain?: Domain }) {
  return catalogue.programs.filter((p) => matchesSearch(query.searchText, p.name, p.description) && (!query.domain || p.domain === query.domain));
}

/** The courses the learner has started and not completed, most recently active first. */
export function onProgressCourses(catalogue: Catalogue, query: { searchText?: string; duration?: DurationFilter }) {
  return catalogue.courses
    .filter((c) => c.isEnrolled && c.isStarted && !c.figures.isCompleted)
    .filter((c) => matchesSearch(query.searchText, c.name, c.description) && matchesDuration(c.totalSeconds, query.duration))
    .sort((a, b) => b.lastActivityAt - a.lastActivityAt);
}

/** Every course, enrolled ones first, each group by name. */
export function allCourses(catalogue: Catalogue, query: { searchText?: string; domain?: Domain; duration?: DurationFilter }) {
  return catalogue.courses
    .filter((c) => matchesSearch(query.searchText, c.name, c.description))
    .filter((c) => (!query.domain || c.domain === query.domain) && matchesDuration(c.totalSeconds, query.duration))
    .sort((a, b) => Number(b.isEnrolled) - Number(a.isEnrolled));
}
