"use client";

import { useQuery } from "@tanstack/react-query";
import { Eye, FileText, ListChecks, Package, PlayCircle } from "lucide-react";
import dynamic from "next/dynamic";
import { AppLink } from "@/components/ui/app-link";
import { useRef, useState } from "react";
import type { z } from "zod";
import { errorMessage } from "@/lib/api/errors";
import { studioContentQueries } from "@/lib/api/studio-content";
import type { studioCoursePreview } from "@/lib/contract/calls/studio-content";
import { formatDuration } from "@/lib/format-duration";
import { wordLimitText } from "@/lib/word-count";
import { useLearningHls } from "@/hooks/use-learning-hls";
import { card, Facts, muted, primaryButton, RubricList, secondaryButton } from "@/components/challenges/attempt-parts";
import { McqQuestion, nextChoice } from "@/components/challenges/mcq-question";
import { LearnShell } from "@/components/learning/learn-shell";
import { PageContent } from "@/components/learning/page-content";
import { ErrorBlock } from "@/components/ui/error-block";

const ReactPlayer = dynamic(() => import("react-player"), { ssr: false, loading: () => <div className="skeleton h-full w-full" /> });

type Preview = z.infer<typeof studioCoursePreview>;
type Item = NonNullable<Preview["item"]>;

const KIND_ICONS = { video: PlayCircle, mcqBlock: ListChecks, essayBlock: FileText, scorm: Package } as const;
const KIND_WORDS = { video: "Video", mcqBlock: "Multiple-choice block", essayBlock: "Essay challenge", scorm: "SCORM package" } as const;

/**
 * "Preview as learner": the course's draft drawn with the learning page's own frame, lesson-text
 * renderer and player, one item at a time. Nothing here is recorded: no watch time, no answers.
 */
export function CoursePreview({ courseId, itemId }: { courseId: string; itemId: string | undefined }) {
  const { data, error, isPending, refetch } = useQuery(studioContentQueries.getCoursePreview(courseId, itemId));
  if (isPending) return <div className="skeleton h-96 w-full" aria-busy="true" aria-label="Loading the preview" />;
  if (error || !data) return <ErrorBlock message={errorMessage(error)} onRetry={() => refetch()} />;
  const current = data.item;
  return (
    <div>
      <p role="note" className="mb-4 flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-800">
        <Eye aria-hidden className="h-4 w-4 shrink-0" />
        <span>
          Preview as learner of <strong>{data.courseName}</strong>: the draft at revision {data.revision}. Learners see it once it is published. Nothing you do here is recorded.
        </span>
      </p>
      <div className="-mx-6 max-mobile:-mx-4">
        <LearnShell tree={<PreviewTree courseId={courseId} preview={data} currentId={current?.id} />}>
          {current ? (
            <PreviewItem key={current.id} item={current} />
          ) : (
            <section className={card}>
              <h1 className="text-xl font-bold">Nothing to preview yet</h1>
              <p className={`mt-2 ${muted}`}>Add a chapter, a sub-chapter and an item in the outline first.</p>
              <AppLink href={`/studio/courses/${courseId}/outline`} className={`${primaryButton} mt-4 inline-block`}>
                Open the outline
              </AppLink>
            </section>
          )}
        </LearnShell>
      </div>
    </div>
  );
}

function PreviewTree({ courseId, preview, currentId }: { courseId: string; preview: Preview; currentId: string | undefined }) {
  return (
    <nav aria-label="Course contents (draft)">
      <h2 className="px-2 pb-2 font-semibold">{preview.courseName}</h2>
      <ol className="space-y-3">
        {preview.chapters.map((chapter) => (
          <li key={chapter.id}>
            <p className="px-2 text-sm font-semibold">{chapter.title}</p>
            <ol className="mt-1 space-y-2">
              {chapter.subChapters.map((sub) => (
                <li key={sub.id}>
                  <p className={`px-2 text-xs uppercase tracking-wide ${muted}`}>{sub.title}</p>
                  <ol className="mt-1">
                    {sub.items.map((item) => {
                      const Icon = KIND_ICONS[item.kind];
                      const active = item.id === currentId;
                      return (
                        <li key={item.id}>
                          <AppLink
                            href={`/studio/courses/${courseId}/preview?item=${encodeURIComponent(item.id)}`}
                            aria-current={active ? "page" : undefined}
                            className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${active ? "bg-brand-50 font-semibold text-brand-800 dark:bg-brand-900/50 dark:text-brand-100" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
                          >
                            <Icon aria-hidden className="h-4 w-4 shrink-0" />
                            <span className="sr-only">{KIND_WORDS[item.kind]}: </span>
                            <span className="min-w-0 truncate">{item.title}</span>
                          </AppLink>
                        </li>
                      );
                    })}
                  </ol>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function PreviewItem({ item }: { item: Item }) {
  if (item.kind === "video") return <VideoPreview video={item} />;
  if (item.kind === "mcqBlock") return <McqPreview block={item} />;
  return <EssayPreview essay={item} />;
}

function VideoPreview({ video }: { video: Extract<Item, { kind: "video" }> }) {
  const element = useRef<HTMLVideoElement | null>(null);
  const uploaded = video.provider === "uploadedVideo" && video.videoLink;
  useLearningHls(element, uploaded ? video.hlsUrl : null, video.videoLink ?? "", 0);
  return (
    <section aria-labelledby="preview-title">
      <h1 id="preview-title" className="mb-3 text-2xl font-bold">
        {video.title}
      </h1>
      <div className="aspect-video w-full overflow-hidden rounded-card bg-black">
        {!video.videoLink ? (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-white">This video has no source yet: choose one in its editor.</p>
        ) : video.provider === "youtube" ? (
          <ReactPlayer src={video.videoLink} controls width="100%" height="100%" />
        ) : video.provider === "vdocipher" ? (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-white">
            VdoCipher video {video.videoLink}: it plays for learners with a one-time key from VdoCipher, once the course is published.
          </p>
        ) : (
          <video ref={element} controls playsInline preload="metadata" poster={video.posterUrl ?? undefined} className="h-full w-full" data-testid="preview-video">
            {video.captionsUrl && <track kind="captions" src={video.captionsUrl} srcLang="en" label="Captions" default />}
          </video>
        )}
      </div>
      <p className={`mt-2 text-sm ${muted}`}>{formatDuration(Math.max(1, Math.round(video.durationSeconds / 60)))}</p>
      {(video.description || video.toolsCovered.length > 0) && (
        <div className="mt-6">
          {video.description && <p className={muted}>{video.description}</p>}
          {video.toolsCovered.length > 0 && (
            <p className="mt-2 text-sm">
              <span className="font-semibold">Tools covered:</span> {video.toolsCovered.join(", ")}
            </p>
          )}
        </div>
      )}
      {video.pageContent && <PageContent markdown={video.pageContent} />}
    </section>
  );
}

function McqPreview({ block }: { block: Extract<Item, { kind: "mcqBlock" }> }) {
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  // The learner's question, with the preview's places for ids: the preview has no stored options.
  const questions = block.questions.map((q, index) => ({ ...q, id: String(index), options: q.options.map((value, o) => ({ id: String(o), value })) }));
  return (
    <section aria-labelledby="preview-title" className="space-y-4">
      <div className={card}>
        <p className={`text-sm ${muted}`}>Multiple-choice block</p>
        <h1 id="preview-title" className="mt-1 text-2xl font-bold">
          {block.title}
        </h1>
        <Facts
          facts={[
            ["Time allowed", formatDuration(block.durationInMinutes)],
            ["Questions", `${block.questions.length} (${block.totalMarks} marks)`],
            ["Pass mark", block.passMark === null ? "None: finishing it counts" : `${block.passMark}%`],
            ["Attempts", block.attemptsAllowed === null ? "Unlimited; the best counts" : `${block.attemptsAllowed}; the best counts`],
          ]}
        />
      </div>
      <ol className="space-y-4">
        {questions.map((q, index) => (
          <McqQuestion
            key={q.id}
            question={q}
            index={index}
            chosen={chosen[q.id] ?? []}
            disabled={false}
            onChoose={(optionId) => {
              const next = nextChoice(chosen[q.id] ?? [], optionId, q.maxCorrectOptionsCount);
              if (next) setChosen({ ...chosen, [q.id]: next });
            }}
          />
        ))}
      </ol>
      <p className={`text-sm ${muted}`}>In the preview, choices are not saved or scored, and no clock runs.</p>
    </section>
  );
}

function EssayPreview({ essay }: { essay: Extract<Item, { kind: "essayBlock" }> }) {
  const limit = wordLimitText(essay.minWords, essay.maxWords);
  const total = essay.criteria.reduce((sum, c) => sum + c.marks, 0);
  const [shown, setShown] = useState(false);
  return (
    <section aria-labelledby="preview-title" className={card}>
      <p className={`text-sm ${muted}`}>Essay challenge</p>
      <h1 id="preview-title" className="mt-1 text-2xl font-bold">
        {essay.title}
      </h1>
      {essay.description && <p className="mt-3 whitespace-pre-line">{essay.description}</p>}
      <Facts
        facts={[
          ["Time allowed", formatDuration(essay.durationInMinutes)],
          ["Marks", total],
          ["Length", limit ? `${limit} words` : "No word limit"],
          ["Pass mark", essay.passMark === null ? "None: submitting it counts" : `${essay.passMark}% once graded`],
        ]}
      />
      <RubricList heading="How it is graded" criteria={essay.criteria.map((c, i) => ({ key: String(i), ...c }))} />
      <button type="button" className={`${shown ? secondaryButton : primaryButton} mt-5`} onClick={() => setShown(!shown)} aria-expanded={shown}>
        {shown ? "Hide the question" : "Show the question (a learner's Start)"}
      </button>
      {shown && <p className="mt-4 whitespace-pre-line rounded-md bg-slate-50 p-4 dark:bg-slate-800">{essay.question || "No question written yet."}</p>}
    </section>
  );
}
