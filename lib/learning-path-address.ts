import { slugify } from "./slug";

/**
 * The address of a program's learning path:
 * /learning-paths/{slug}/{descriptionSlug}/{programLengthSlug}/{programDurationSlug}/{id}, e.g.
 * /learning-paths/mechanical-design-engineer-program/from-sketch-to-simulation-ready-model/2-courses/12-hours/{id}.
 * Only the id names the program; the other parts describe it and are rebuilt here from the
 * program's name, description, course count and hours, so the catalogue, the dashboard and the
 * learning paths link to the same address. The page sends an outdated address to the current one.
 */
export interface LearningPathTarget {
  programId: string;
  programName: string;
  description?: string;
  totalCourses: number;
  totalCourseDurationInHours?: number;
}

export const LEARNING_PATHS = "/learning-paths";

/** The first words of a description, as a slug of at most 60 characters. */
function descriptionSlug(description: string | undefined) {
  const words = slugify((description ?? "").split(/[.:;!?]/)[0]!).split("-").slice(0, 8);
  let out = "";
  for (const w of words) {
    if (out.length + w.length + 1 > 60) break;
    out = out ? `${out}-${w}` : w;
  }
  return out || "about";
}

/** The length of a program's video: whole hours from one hour up, else minutes. */
function durationSlug(hours: number) {
  if (hours >= 1) {
    const h = Math.round(hours);
    return `${h}-${h === 1 ? "hour" : "hours"}`;
  }
  const m = Math.round(hours * 60);
  return `${m}-${m === 1 ? "minute" : "minutes"}`;
}

export function learningPathPath(p: LearningPathTarget): string {
  const length = `${p.totalCourses}-${p.totalCourses === 1 ? "course" : "courses"}`;
  const parts = [slugify(p.programName) || "program", descriptionSlug(p.description), length, durationSlug(p.totalCourseDurationInHours ?? 0)];
  return `${LEARNING_PATHS}/${parts.join("/")}/${encodeURIComponent(p.programId)}`;
}
