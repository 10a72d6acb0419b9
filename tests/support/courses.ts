import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { importContent } from "@/lib/server/content/import-content";
import type { TestApi } from "./api";

export const demoDir = path.join(process.cwd(), "content/demo");

type Item = { video: Record<string, unknown> } | { mcq: Record<string, unknown> } | { essay: Record<string, unknown> };

export interface GeneratedCourseOptions {
  key: string;
  name?: string;
  domain?: string;
  chapters: number;
  subChaptersPerChapter?: number;
  videosPerSubChapter: number;
  durationSeconds?: number;
  price?: number;
  isPremium?: boolean;
  /** The first video of the course is a free preview. */
  freePreviewFirst?: boolean;
  /** Adds a multiple-choice block and an essay at the end of each chapter's last sub-chapter. */
  withChallenges?: boolean;
  provider?: "youtube" | "uploadedVideo" | "vdocipher";
  source?: string;
}

const youtubeIds = ["dQw4w9WgXcQ", "jKT4H0bstH8", "Hb4pC6tK2sU"];

/** A course file with the given shape: chapters c1.., sub-chapters c1-s1.., videos c1-s1-v1.. */
export function generatedCourse(o: GeneratedCourseOptions) {
  const chapters = Array.from({ length: o.chapters }, (_, ci) => {
    const subCount = o.subChaptersPerChapter ?? 1;
    return {
      slugId: `c${ci + 1}`,
      title: `Chapter ${ci + 1}`,
      subChapters: Array.from({ length: subCount }, (_, si) => {
        const items: Item[] = Array.from({ length: o.videosPerSubChapter }, (_, vi) => ({
          video: {
            slugId: `c${ci + 1}-s${si + 1}-v${vi + 1}`,
            title: `Video ${ci + 1}.${si + 1}.${vi + 1}`,
            provider: o.provider ?? "youtube",
            source: o.source ?? youtubeIds[vi % youtubeIds.length],
            durationSeconds: o.durationSeconds ?? 600,
            freePreview: !!o.freePreviewFirst && ci === 0 && si === 0 && vi === 0,
            pageContent: `Notes for video ${ci + 1}.${si + 1}.${vi + 1}`,
          },
        }));
        if (o.withChallenges && si === subCount - 1) {
          items.push({
            mcq: {
              slugId: `c${ci + 1}-quiz`,
              title: `Quiz ${ci + 1}`,
              durationInMinutes: 10,
              questions: [{ question: "2 + 2?", mark: 2, options: [{ value: "4", correct: true }, { value: "5" }] }],
            },
          });
          items.push({
            essay: {
              slugId: `c${ci + 1}-essay`,
              title: `Essay ${ci + 1}`,
              question: "Explain.",
              solutionDocument: "https://example.com/solution.pdf",
              durationInMinutes: 60,
              criteria: [{ gradingCriteria: "Clarity", marks: 5 }],
            },
          });
        }
        return { slugId: `c${ci + 1}-s${si + 1}`, title: `Part ${ci + 1}.${si + 1}`, items };
      }),
    };
  });
  return {
    key: o.key,
    slugId: o.key,
    name: o.name ?? `Course ${o.key}`,
    description: `Generated course ${o.key}`,
    domain: o.domain ?? "Civil",
    ...(o.price === undefined ? {} : { price: o.price }),
    isPremium: o.isPremium ?? false,
    versions: [{ name: "v1", releasedAt: "2024-01-01", chapters }],
  };
}

/** A free course of one chapter and one part holding the given items, in order. */
export function oneChapterCourse(key: string, name: string, items: Record<string, unknown>[], description = `${name}: one chapter`) {
  return {
    key,
    slugId: key,
    name,
    description,
    domain: "Civil",
    isPremium: false,
    versions: [
      {
        name: "v1",
        releasedAt: "2024-01-01",
        chapters: [{ slugId: "c1", title: "Chapter 1", subChapters: [{ slugId: "c1-s1", title: "Part 1", items }] }],
      },
    ],
  };
}

/** A free course of one chapter and one part: a one-minute video, then the given challenge items. */
export const oneVideoCourse = (key: string, name: string, items: Record<string, unknown>[]) =>
  oneChapterCourse(key, name, [{ video: { slugId: "v1", title: "Video", provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 60 } }, ...items], `${name}: one video and its challenges`);

/** Writes a content directory (JSON files) and returns its path. */
export function writeContentDir(files: {
  courses?: { key: string }[];
  users?: unknown[];
  programs?: unknown[];
  meetings?: unknown[];
  "career-services"?: unknown[];
}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "course-test-"));
  for (const list of ["users", "programs", "meetings", "career-services"] as const) {
    if (files[list]) writeFileSync(path.join(dir, `${list}.json`), JSON.stringify(files[list]));
  }
  if (files.courses?.length) {
    mkdirSync(path.join(dir, "courses"));
    for (const c of files.courses) writeFileSync(path.join(dir, "courses", `${c.key}.json`), JSON.stringify(c));
  }
  return dir;
}

export const importFiles = (t: TestApi, files: Parameters<typeof writeContentDir>[0]) => importContent(t.db, writeContentDir(files));
export const importDemo = (t: TestApi) => importContent(t.db, demoDir);
