"use client";

import { useQuery } from "@tanstack/react-query";
import { Eye, FileText, ListChecks, Package, PlayCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { AppLink } from "@/components/ui/app-link";
import { useRef, useState } from "react";
import type { z } from "zod";
import { useDuration } from "@/components/i18n/use-duration";
import { useErrorText } from "@/components/i18n/use-error-text";
import { studioContentQueries } from "@/lib/api/studio-content";
import type { studioCoursePreview } from "@/lib/contract/calls/studio-content";
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

/**
 * "Preview as learner": the course's draft drawn with the learning page's own frame, lesson-text
 * renderer and player, one item at a time. Nothing here is recorded: no watch time, no answers.
 */
export function CoursePreview({ courseId, itemId }: { courseId: string; itemId: string | undefined }) {
  const t = useTranslations("studioContent.preview");
  const errorText = useErrorText();
  const { data, error, isPending, refetch } = useQuery(studioContentQueries.getCoursePreview(courseId, itemId));
  if (isPending) return <div className="skeleton h-96 w-full" aria-busy="true" aria-label={t("loading")} />;
  if (error || !data) return <ErrorBlock message={errorText(error)} onRetry={() => refetch()} />;
  const current = data.item;
  return (
    <div>
      <p role="note" className="mb-4 flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-800">
        <Eye aria-hidden className="h-4 w-4 shrink-0" />
        <span>
          {t.rich("note", { name: data.courseName, revision: String(data.revision), strong: (c) => <strong>{c}</strong> })}
        </span>
      </p>
      <div className="-mx-6 max-mobile:-mx-4">
        <LearnShell embedded tree={<PreviewTree courseId={courseId} preview={data} currentId={current?.id} />}>
          {current ? (
            <PreviewItem key={current.id} item={current} />
          ) : (
            <section className={card}>
              <h1 className="text-xl font-bold">{t("emptyTitle")}</h1>
              <p className={`mt-2 ${muted}`}>{t("emptyText")}</p>
              <AppLink href={`/studio/courses/${courseId}/outline`} className={`${primaryButton} mt-4 inline-block`}>
                {t("openOutline")}
              </AppLink>
            </section>
          )}
        </LearnShell>
      </div>
    </div>
  );
}

function PreviewTree({ courseId, preview, currentId }: { courseId: string; preview: Preview; currentId: string | undefined }) {
  const t = useTranslations("studioContent.preview");
  return (
    <nav aria-label={t("contents")}>
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
                            <span className="sr-only">{t(`kinds.${item.kind}`)}: </span>
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
  const t = useTranslations("studioContent.preview");
  const duration = useDuration();
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
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-white">{t("noSource")}</p>
        ) : video.provider === "youtube" ? (
          <ReactPlayer src={video.videoLink} controls width="100%" height="100%" />
        ) : video.provider === "vdocipher" ? (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-white">
            {t("vdoCipher", { id: video.videoLink })}
          </p>
        ) : (
          <video ref={element} controls playsInline preload="metadata" poster={video.posterUrl ?? undefined} className="h-full w-full" data-testid="preview-video">
            {video.captionsUrl && <track kind="captions" src={video.captionsUrl} srcLang="en" label={t("captions")} default />}
          </video>
        )}
      </div>
      <p className={`mt-2 text-sm ${muted}`}>{duration(Math.max(1, Math.round(video.durationSeconds / 60)))}</p>
      {(video.description || video.toolsCovered.length > 0) && (
        <div className="mt-6">
          {video.description && <p className={muted}>{video.description}</p>}
          {video.toolsCovered.length > 0 && (
            <p className="mt-2 text-sm">
              <span className="font-semibold">{t("toolsCovered")}</span> {video.toolsCovered.join(", ")}
            </p>
          )}
        </div>
      )}
      {video.pageContent && <PageContent markdown={video.pageContent} />}
    </section>
  );
}

function McqPreview({ block }: { block: Extract<Item, { kind: "mcqBlock" }> }) {
  const t = useTranslations("studioContent.preview");
  const duration = useDuration();
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  // The learner's question, with the preview's places for ids: the preview has no stored options.
  const questions = block.questions.map((q, index) => ({ ...q, id: String(index), options: q.options.map((value, o) => ({ id: String(o), value })) }));
  return (
    <section aria-labelledby="preview-title" className="space-y-4">
      <div className={card}>
        <p className={`text-sm ${muted}`}>{t("kinds.mcqBlock")}</p>
        <h1 id="preview-title" className="mt-1 text-2xl font-bold">
          {block.title}
        </h1>
        <Facts
          facts={[
            [t("timeAllowed"), duration(block.durationInMinutes)],
            [t("questions"), t("questionCount", { count: String(block.questions.length), marks: String(block.totalMarks) })],
            [t("passMark"), block.passMark === null ? t("mcqNoPassMark") : t("percent", { mark: String(block.passMark) })],
            [t("attempts"), block.attemptsAllowed === null ? t("unlimited") : t("attemptsAllowed", { count: String(block.attemptsAllowed) })],
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
      <p className={`text-sm ${muted}`}>{t("notScored")}</p>
    </section>
  );
}

function EssayPreview({ essay }: { essay: Extract<Item, { kind: "essayBlock" }> }) {
  const t = useTranslations("studioContent.preview");
  const duration = useDuration();
  const { minWords, maxWords } = essay;
  // The essay's word limits, as the learner's page words them ("300 to 600 words", "at least 300 words").
  const length =
    minWords !== null && maxWords !== null
      ? t("wordsBetween", { min: String(minWords), max: String(maxWords) })
      : minWords !== null
        ? t("wordsAtLeast", { min: String(minWords) })
        : maxWords !== null
          ? t("wordsAtMost", { max: String(maxWords) })
          : t("noWordLimit");
  const total = essay.criteria.reduce((sum, c) => sum + c.marks, 0);
  const [shown, setShown] = useState(false);
  return (
    <section aria-labelledby="preview-title" className={card}>
      <p className={`text-sm ${muted}`}>{t("kinds.essayBlock")}</p>
      <h1 id="preview-title" className="mt-1 text-2xl font-bold">
        {essay.title}
      </h1>
      {essay.description && <p className="mt-3 whitespace-pre-line">{essay.description}</p>}
      <Facts
        facts={[
          [t("timeAllowed"), duration(essay.durationInMinutes)],
          [t("marks"), total],
          [t("length"), length],
          [t("passMark"), essay.passMark === null ? t("essayNoPassMark") : t("essayPassMark", { mark: String(essay.passMark) })],
        ]}
      />
      <RubricList heading={t("graded")} criteria={essay.criteria.map((c, i) => ({ key: String(i), ...c }))} />
      <button type="button" className={`${shown ? secondaryButton : primaryButton} mt-5`} onClick={() => setShown(!shown)} aria-expanded={shown}>
        {shown ? t("hideQuestion") : t("showQuestion")}
      </button>
      {shown && <p className="mt-4 whitespace-pre-line rounded-md bg-slate-50 p-4 dark:bg-slate-800">{essay.question || t("noQuestion")}</p>}
    </section>
  );
}
