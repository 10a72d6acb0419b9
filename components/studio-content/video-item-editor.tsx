"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OutlineItemBody } from "@/lib/api/studio-content";
import { CheckboxField, hintClass, labelClass, MarkdownField, NumberField, numberOf, Section, TextAreaField, TextField, textOf } from "./item-form-parts";
import { ItemSaveBar, type ItemSave, type ItemViewOf } from "./item-save-bar";
import { UploadSlot, uploadIdOf, type UploadValue } from "./item-upload";

type Source = "upload" | "youtube" | "vdocipher";
const sources: Source[] = ["upload", "youtube", "vdocipher"];

const formOf = (f: ItemViewOf<"video">) => ({
  title: f.title,
  source: (f.provider === "uploadedVideo" ? "upload" : f.provider) as Source,
  // A new item has no source yet: it starts as an upload.
  ...(f.source === "" && f.provider === "youtube" ? { source: "upload" as Source } : {}),
  externalId: f.provider === "uploadedVideo" ? "" : f.source,
  duration: f.provider === "uploadedVideo" || f.durationSeconds === 0 ? "" : textOf(f.durationSeconds),
  upload: { changed: false, media: f.media, url: f.media?.url ?? null } as UploadValue,
  captions: { changed: false, media: f.captions, url: f.captionsUrl } as UploadValue,
  description: f.description,
  pageContent: f.pageContent ?? "",
  freePreview: f.freePreview,
});

/** A video's editor: its source (an upload, YouTube or VdoCipher), captions, description, lesson text and free preview. */
export function VideoItemEditor({ fields, state }: { fields: ItemViewOf<"video">; state: ItemSave }) {
  const t = useTranslations("studioItems.video");
  const tf = useTranslations("studioItems.fields");
  const [initial] = useState(() => formOf(fields));
  const [form, setForm] = useState(initial);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);

  const onSave = () => {
    const common = { kind: "video" as const, title: form.title, description: form.description, pageContent: form.pageContent.trim() ? form.pageContent : null, freePreview: form.freePreview, captionsMediaId: uploadIdOf(form.captions) };
    const body =
      form.source === "upload"
        ? { ...common, provider: "upload" as const, mediaId: form.upload.media?.id ?? null }
        : { ...common, provider: form.source, source: form.externalId, durationSeconds: numberOf(form.duration) };
    state.save(body as OutlineItemBody["fields"]);
  };

  return (
    <form className="space-y-5" onSubmit={(e) => (e.preventDefault(), onSave())}>
      <Section title={t("section")}>
        <TextField label={tf("title")} value={form.title} onChange={(v) => set("title", v)} />
        <fieldset className="space-y-2">
          <legend className={labelClass}>{t("source")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {sources.map((s) => (
              <label
                key={s}
                className={`flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm ${form.source === s ? "border-brand-500 bg-brand-50 dark:bg-brand-900/40" : "border-slate-200 dark:border-slate-600"}`}
              >
                <input type="radio" name="video-source" value={s} checked={form.source === s} onChange={() => set("source", s)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
                <span>
                  <span className="font-semibold">{t(`sources.${s}`)}</span>
                  <span className={`block ${hintClass}`}>{t(`sources.${s}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {form.source === "upload" ? (
          <UploadSlot kind="video" label={t("file")} value={form.upload} onChange={(v) => set("upload", v)} removable={false} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <TextField
              label={form.source === "youtube" ? t("youtubeId") : t("vdocipherId")}
              value={form.externalId}
              onChange={(v) => set("externalId", v)}
              placeholder={form.source === "youtube" ? "https://www.youtube.com/watch?v=…" : t("vdocipherPlaceholder")}
            />
            <NumberField label={t("durationSeconds")} value={form.duration} onChange={(v) => set("duration", v)} hint={t("durationHint")} />
          </div>
        )}
        <UploadSlot kind="captions" label={t("captions")} value={form.captions} onChange={(v) => set("captions", v)} />
        <CheckboxField label={t("freePreview")} hint={t("freePreviewHint")} checked={form.freePreview} onChange={(v) => set("freePreview", v)} />
      </Section>
      <Section title={t("text")}>
        <TextAreaField label={tf("description")} value={form.description} onChange={(v) => set("description", v)} hint={t("descriptionHint")} />
        <MarkdownField label={t("lessonText")} rows={10} value={form.pageContent} onChange={(v) => set("pageContent", v)} hint={t("lessonTextHint")} />
      </Section>
      <ItemSaveBar dirty={dirty} state={state} onSave={onSave} />
    </form>
  );
}
