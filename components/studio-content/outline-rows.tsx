"use client";

import { useDroppable, type DraggableAttributes, type DraggableSyntheticListeners } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, FileText, GripVertical, ListChecks, Package, PenLine, PlayCircle, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { memo, useMemo, useState, type CSSProperties, type ReactNode } from "react";
import { AddNodeForm, iconButton, TitleEditor } from "./outline-inline";
import { ScormUploadForm } from "./scorm-upload";
import { type AddableItemKind, type OutlineChapter, type OutlineItem, type OutlineItemKind, type OutlineLevel, type OutlineSubChapter } from "./outline-tree";

/** What the rows ask of the editor; one object for the whole page, so a row's props stay the same between renders. */
export interface OutlineActions {
  courseId: string;
  add(kind: "chapter" | "subChapter" | AddableItemKind, parentId: string | null, title: string): Promise<unknown>;
  /** Uploads a SCORM package as a new item at the end of a sub-chapter. */
  uploadScorm(parentId: string, file: File, title: string | undefined, onProgress: (share: number) => void): Promise<unknown>;
  rename(id: string, title: string): void;
  remove(id: string): void;
  step(id: string, step: -1 | 1): void;
  toggle(chapterId: string): void;
}

/** A sortable's data: its level (only nodes of the same level take each other's place) and its parent. */
export interface NodeData {
  level: OutlineLevel;
  parentId: string | null;
  /** Set on an empty (or folded) parent's drop zone: the parent a node dropped there goes into. */
  zoneFor?: string;
  /** The zone stands for a folded chapter. */
  folded?: boolean;
}

export const containerId = (level: OutlineLevel, parentId: string | null) => (level === "chapter" ? "chapters" : `${level}:${parentId}`);
export const zoneId = (parentId: string) => `zone:${parentId}`;

const KIND_ICONS: Record<OutlineItemKind, typeof PlayCircle> = { video: PlayCircle, mcqBlock: ListChecks, essayBlock: FileText, scorm: Package };

interface Handle {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  activator: (element: HTMLElement | null) => void;
}

function useOutlineSortable(id: string, data: NodeData) {
  const { attributes, listeners, setActivatorNodeRef, setNodeRef, transform, transition, isDragging } = useSortable({ id, data });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  // The same handle object while nothing of it changes, so the row behind it is not drawn again.
  const handle = useMemo<Handle>(() => ({ attributes, listeners, activator: setActivatorNodeRef }), [attributes, listeners, setActivatorNodeRef]);
  return { setNodeRef, style, isDragging, handle };
}

/** Where nodes of `level` can be dropped into `parentId` while it holds none of them (or is folded). */
function DropZone({ parentId, level, folded = false, children }: { parentId: string; level: OutlineLevel; folded?: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(parentId), data: { level, parentId, zoneFor: parentId, folded } satisfies NodeData });
  return (
    <div
      ref={setNodeRef}
      className={`rounded-md border border-dashed px-3 py-2 text-sm text-ink-muted dark:text-ink-dark-muted ${isOver ? "border-brand-500 bg-brand-50 dark:bg-brand-900/40" : "border-slate-300 dark:border-slate-600"}`}
    >
      {children}
    </div>
  );
}

const ItemKind = memo(function ItemKind({ kind }: { kind: OutlineItemKind }) {
  const t = useTranslations("studioContent.kinds");
  const Icon = KIND_ICONS[kind];
  return (
    <span className="inline-flex shrink-0 items-center gap-1 pr-1 text-xs text-ink-muted dark:text-ink-dark-muted">
      <Icon aria-hidden className="h-4 w-4 text-brand-600 dark:text-brand-300" />
      <span className="max-mobile:sr-only">{t(kind)}</span>
      <span className="sr-only">:</span>
    </span>
  );
});

interface RowProps {
  id: string;
  level: OutlineLevel;
  title: string;
  canUp: boolean;
  canDown: boolean;
  actions: OutlineActions;
  handle: Handle;
  /** An item's kind, shown before its title. */
  kind?: OutlineItemKind;
  /** A chapter's fold button before its title: whether it is unfolded. */
  expanded?: boolean;
  /** An item's editor, which its title links to. */
  href?: string;
}

/** One node's line: drag handle, title (edited in place), move up and down, delete. Drawn again only when its own props change. */
const NodeRow = memo(function NodeRow({ id, level, title, canUp, canDown, actions, handle, kind, expanded, href }: RowProps) {
  const t = useTranslations("studioContent.rows");
  const [editing, setEditing] = useState(false);
  const { attributes, listeners, activator } = handle;
  const Fold = expanded ? ChevronDown : ChevronRight;
  const titleClass = level === "chapter" ? "text-base font-semibold" : level === "subChapter" ? "text-sm font-semibold" : "text-sm";
  return (
    <div className="flex min-h-10 items-center gap-1" data-node={id}>
      <button
        type="button"
        ref={activator}
        {...attributes}
        {...listeners}
        aria-label={t("drag", { level, title })}
        className={`${iconButton} cursor-grab touch-none active:cursor-grabbing`}
        data-action="drag"
      >
        <GripVertical aria-hidden className="h-4 w-4" />
      </button>
      {expanded !== undefined && (
        <button
          type="button"
          className={iconButton}
          aria-expanded={expanded}
          aria-label={expanded ? t("foldChapter", { title }) : t("unfoldChapter", { title })}
          title={expanded ? t("fold") : t("unfold")}
          onClick={() => actions.toggle(id)}
        >
          <Fold aria-hidden className="h-4 w-4" />
        </button>
      )}
      {kind && <ItemKind kind={kind} />}
      <div className="flex min-w-0 flex-1 items-center">
        {editing ? (
          <TitleEditor initial={title} label={t("titleOf", { level })} onSave={(t) => actions.rename(id, t)} onDone={() => setEditing(false)} />
        ) : href ? (
          <AppLink href={href} prefetch={false} className={`${titleClass} min-w-0 break-words text-brand-700 underline-offset-2 hover:underline dark:text-brand-200`}>
            {title}
          </AppLink>
        ) : (
          <span className={`${titleClass} min-w-0 break-words`}>{title}</span>
        )}
      </div>
      <div className="flex shrink-0 items-center">
        <button type="button" className={iconButton} aria-label={t("renameNode", { level, title })} title={t("rename")} onClick={() => setEditing(true)} disabled={editing} data-action="rename">
          <PenLine aria-hidden className="h-4 w-4" />
        </button>
        <button type="button" className={iconButton} aria-label={t("moveNodeUp", { level, title })} title={t("moveUp")} disabled={!canUp} onClick={() => actions.step(id, -1)} data-action="move-up">
          <ArrowUp aria-hidden className="h-4 w-4" />
        </button>
        <button type="button" className={iconButton} aria-label={t("moveNodeDown", { level, title })} title={t("moveDown")} disabled={!canDown} onClick={() => actions.step(id, 1)} data-action="move-down">
          <ArrowDown aria-hidden className="h-4 w-4" />
        </button>
        <button
          type="button"
          className={`${iconButton} hover:text-danger dark:hover:text-red-300`}
          aria-label={t("deleteNode", { level, title })}
          title={t("delete")}
          onClick={() => actions.remove(id)}
          data-action="delete"
        >
          <Trash2 aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
});

interface ItemProps {
  item: OutlineItem;
  subId: string;
  canUp: boolean;
  canDown: boolean;
  actions: OutlineActions;
}

const ItemNode = memo(function ItemNode({ item, subId, canUp, canDown, actions }: ItemProps) {
  const { setNodeRef, style, isDragging, handle } = useOutlineSortable(item.id, { level: "item", parentId: subId });
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="outline-item"
      className={`rounded-md bg-white px-1 ring-1 ring-slate-200 dark:bg-surface-dark dark:ring-slate-700 ${isDragging ? "relative z-10 opacity-80 shadow-lg ring-brand-500" : ""}`}
    >
      <NodeRow
        id={item.id}
        level="item"
        title={item.title}
        canUp={canUp}
        canDown={canDown}
        actions={actions}
        handle={handle}
        kind={item.kind}
        href={`/studio/courses/${actions.courseId}/items/${item.id}`}
      />
    </li>
  );
});

interface SubChapterProps {
  sub: OutlineSubChapter;
  chapterId: string;
  /** The first (last) sub-chapter of the whole course: its first (last) item cannot move further up (down). */
  firstOfCourse: boolean;
  lastOfCourse: boolean;
  canUp: boolean;
  canDown: boolean;
  actions: OutlineActions;
}

const SubChapterNode = memo(function SubChapterNode({ sub, chapterId, firstOfCourse, lastOfCourse, canUp, canDown, actions }: SubChapterProps) {
  const t = useTranslations("studioContent.rows");
  const { setNodeRef, style, isDragging, handle } = useOutlineSortable(sub.id, { level: "subChapter", parentId: chapterId });
  const ids = sub.items.map((i) => i.id);
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="outline-sub-chapter"
      className={`rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200 dark:bg-slate-900/60 dark:ring-slate-700 ${isDragging ? "relative z-10 opacity-80 shadow-lg ring-brand-500" : ""}`}
    >
      <NodeRow id={sub.id} level="subChapter" title={sub.title} canUp={canUp} canDown={canDown} actions={actions} handle={handle} />
      <div className="mt-1 space-y-2 pl-4 max-mobile:pl-2">
        <SortableContext id={containerId("item", sub.id)} items={ids} strategy={verticalListSortingStrategy}>
          {sub.items.length > 0 ? (
            <ol className="space-y-1" aria-label={t("items", { title: sub.title })}>
              {sub.items.map((item, i) => (
                <ItemNode
                  key={item.id}
                  item={item}
                  subId={sub.id}
                  canUp={i > 0 || !firstOfCourse}
                  canDown={i < sub.items.length - 1 || !lastOfCourse}
                  actions={actions}
                />
              ))}
            </ol>
          ) : (
            <DropZone parentId={sub.id} level="item">
              {t("noItems")}
            </DropZone>
          )}
        </SortableContext>
        <div className="flex flex-wrap items-start gap-2">
          <AddNodeForm label={t("addItem")} titleLabel={t("newItemTitle", { title: sub.title })} withKind onAdd={(title, kind) => actions.add(kind ?? "video", sub.id, title)} />
          <ScormUploadForm subTitle={sub.title} onUpload={(file, title, onProgress) => actions.uploadScorm(sub.id, file, title, onProgress)} />
        </div>
      </div>
    </li>
  );
});

interface ChapterProps {
  chapter: OutlineChapter;
  index: number;
  count: number;
  expanded: boolean;
  actions: OutlineActions;
}

export const ChapterNode = memo(function ChapterNode({ chapter, index, count, expanded, actions }: ChapterProps) {
  const t = useTranslations("studioContent.rows");
  const { setNodeRef, style, isDragging, handle } = useOutlineSortable(chapter.id, { level: "chapter", parentId: null });
  const subs = chapter.subChapters;
  const items = subs.reduce((n, s) => n + s.items.length, 0);
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="outline-chapter"
      className={`rounded-card bg-white p-3 ring-1 ring-slate-200 max-mobile:p-2 dark:bg-surface-dark-muted dark:ring-slate-700 ${isDragging ? "relative z-10 opacity-80 shadow-xl ring-brand-500" : ""}`}
    >
      <NodeRow id={chapter.id} level="chapter" title={chapter.title} canUp={index > 0} canDown={index < count - 1} actions={actions} handle={handle} expanded={expanded} />
      <p className="pl-[4.5rem] text-xs text-ink-muted max-mobile:pl-2 dark:text-ink-dark-muted">
        {t("counts", { subChapters: subs.length, items })}
      </p>
      {expanded ? (
        <div className="mt-2 space-y-2 pl-4 max-mobile:pl-1">
          <SortableContext id={containerId("subChapter", chapter.id)} items={subs.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            {subs.length > 0 ? (
              <ol className="space-y-2" aria-label={t("subChapters", { title: chapter.title })}>
                {subs.map((sub, i) => (
                  <SubChapterNode
                    key={sub.id}
                    sub={sub}
                    chapterId={chapter.id}
                    firstOfCourse={index === 0 && i === 0}
                    lastOfCourse={index === count - 1 && i === subs.length - 1}
                    canUp={i > 0 || index > 0}
                    canDown={i < subs.length - 1 || index < count - 1}
                    actions={actions}
                  />
                ))}
              </ol>
            ) : (
              <DropZone parentId={chapter.id} level="subChapter">
                {t("noSubChapters")}
              </DropZone>
            )}
          </SortableContext>
          <AddNodeForm label={t("addSubChapter")} titleLabel={t("newSubChapterTitle", { title: chapter.title })} onAdd={(title) => actions.add("subChapter", chapter.id, title)} />
        </div>
      ) : (
        <div className="mt-2 pl-4 max-mobile:pl-1">
          <DropZone parentId={chapter.id} level="subChapter" folded>
            {t("folded")}
          </DropZone>
        </div>
      )}
    </li>
  );
});
