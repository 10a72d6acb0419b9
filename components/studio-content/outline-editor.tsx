"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type DroppableContainer,
  type DroppableContainers,
  type KeyboardCoordinateGetter,
  type Over,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useQuery } from "@tanstack/react-query";
import { ChevronsDownUp, ChevronsUpDown, FolderTree } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useOutlineWrites } from "@/hooks/use-studio-content-outline-writes";
import { useUnsavedChangesPrompt } from "@/hooks/use-studio-content-unsaved-changes";
import { useErrorText } from "@/components/i18n/use-error-text";
import { errorCode, errorDetails } from "@/lib/api/errors";
import { addOutlineNode, deleteOutlineNode, moveOutlineNode, renameOutlineNode, studioContentQueries, uploadScormItem } from "@/lib/api/studio-content";
import { ErrorBlock } from "@/components/ui/error-block";
import { Skeleton } from "@/components/ui/skeleton";
import { ConflictNotice } from "./conflict-notice";
import { DeleteDialog, type PendingDelete } from "./outline-delete-dialog";
import { AddNodeForm } from "./outline-inline";
import { ChapterNode, containerId, type NodeData, type OutlineActions } from "./outline-rows";
import { countItems, moveNode, placementOf, renameNode, stepTarget, titleOf, type OutlineChapter, type OutlineLevel } from "./outline-tree";

/** Past this many items, chapters start folded (all but the first), so a long course opens quickly. */
const FOLD_ABOVE_ITEMS = 150;

const levelOf = (node: Active | Over | DroppableContainer | null | undefined) => (node?.data.current as NodeData | undefined)?.level;

/** Only nodes of the dragged node's level take part: an item goes among items, a sub-chapter among sub-chapters. */
const sameLevelCollisions: CollisionDetection = (args) => {
  const level = levelOf(args.active);
  const droppableContainers = args.droppableContainers.filter((c) => levelOf(c) === level);
  const within = pointerWithin({ ...args, droppableContainers });
  return within.length ? within : closestCenter({ ...args, droppableContainers });
};

/** The arrow keys go to the next node of the same level, in whichever parent it is. */
const sameLevelKeyboard: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args;
  const level = levelOf(context.active);
  const all = context.droppableContainers;
  const only = {
    get: (id: Parameters<DroppableContainers["get"]>[0]) => all.get(id),
    getEnabled: () => all.getEnabled().filter((c) => levelOf(c) === level),
  } as unknown as DroppableContainers;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...context, droppableContainers: only } });
};

/** Where a drop over `over` puts the dragged node: its parent, and its index there. */
function dropPlace(chapters: OutlineChapter[], activeId: string, over: Over, below: boolean): { parentId: string | null; index: number } | null {
  const data = over.data.current as NodeData | undefined;
  if (data?.zoneFor) {
    // An empty sub-chapter, or an empty or folded chapter: the node goes last.
    const size = data.level === "subChapter" ? (chapters.find((c) => c.id === data.zoneFor)?.subChapters.length ?? 0) : 0;
    return { parentId: data.zoneFor, index: size };
  }
  const at = placementOf(chapters, String(over.id));
  if (!at) return null;
  const from = placementOf(chapters, activeId);
  if (from && from.parentId === at.parentId) return { parentId: at.parentId, index: at.index };
  return { parentId: at.parentId, index: at.index + (below ? 1 : 0) };
}

type OutlineText = ReturnType<typeof useTranslations<"studioContent.outline">>;

/** Where a node of `level` sits, for a screen reader: "the course", `chapter "…"` or `sub-chapter "…"`. */
function parentName(t: OutlineText, chapters: OutlineChapter[], level: OutlineLevel, parentId: string | null) {
  return t("parent", { level, title: level === "chapter" ? "" : (titleOf(chapters, parentId ?? "") ?? "") });
}

function describePlace(t: OutlineText, chapters: OutlineChapter[], id: string) {
  const at = placementOf(chapters, id);
  if (!at) return "";
  return t("place", { index: String(at.index + 1), count: String(at.siblings), parent: parentName(t, chapters, at.level, at.parentId) });
}

/** The outline editor of /studio/courses/[courseId]/outline: chapters > sub-chapters > items of the course's draft. */
export function OutlineEditor({ courseId }: { courseId: string }) {
  const t = useTranslations("studioContent.outline");
  const errorText = useErrorText();
  const outline = useQuery(studioContentQueries.getCourseOutline(courseId));
  const settings = useQuery({ ...studioContentQueries.getCourseSettings(courseId), enabled: outline.isSuccess });
  const writes = useOutlineWrites(courseId);
  const { write } = writes;

  // While a node is dragged, the outline as it stands with the node in its current parent; the rest of the time, the cache's.
  const [dragChapters, setDragChapters] = useState<OutlineChapter[] | null>(null);
  const dragRef = useRef<OutlineChapter[] | null>(null);
  const startRef = useRef<OutlineChapter[] | null>(null);
  const dropNote = useRef("");
  const justMoved = useRef(false);
  const announcedPlace = useRef("");
  // A dropped node stays where it was dropped until the cache holds the next outline (the moved one, or the one before, rolled back).
  const [dropped, setDropped] = useState<{ chapters: OutlineChapter[]; basis: unknown } | null>(null);
  const data = outline.data;
  const chapters = useMemo(
    () => dragChapters ?? (dropped && dropped.basis === data ? dropped.chapters : (data?.chapters ?? [])),
    [dragChapters, dropped, data],
  );
  const chaptersRef = useRef(chapters);
  useLayoutEffect(() => {
    chaptersRef.current = chapters;
  });
  const setDrag = (next: OutlineChapter[] | null) => {
    dragRef.current = next;
    setDragChapters(next);
  };

  const big = countItems(outline.data?.chapters ?? []) > FOLD_ABOVE_ITEMS;
  const [folded, setFolded] = useState<Record<string, boolean>>({});
  const isExpanded = (id: string, index: number) => !(folded[id] ?? (big && index > 0));

  const [deleting, setDeleting] = useState<PendingDelete | null>(null);
  const [status, setStatus] = useState("");
  const focusAfter = useRef<{ id: string; action: string } | null>(null);

  useUnsavedChangesPrompt(writes.pending > 0);

  const actions = useMemo<OutlineActions>(
    () => ({
      courseId,
      uploadScorm: (parentId, file, title, onProgress) =>
        write((revision) => uploadScormItem({ courseId, revision, parentId, title, file }, onProgress)).then((answer) => {
          setStatus(t("addedScorm", { name: file.name }));
          return answer;
        }),
      add: (kind, parentId, title) =>
        write((revision) => addOutlineNode({ courseId, revision, kind, parentId: parentId ?? undefined, title })).then((answer) => {
          setStatus(t("added", { kind: kind === "chapter" || kind === "subChapter" ? kind : "item", title }));
          return answer;
        }),
      rename: (id, title) => {
        void write(
          (revision) => renameOutlineNode({ courseId, revision, id, title }),
          (chs) => renameNode(chs, id, title),
        ).then(
          () => setStatus(t("renamed", { title })),
          () => undefined,
        );
      },
      remove: (id) => {
        const at = placementOf(chaptersRef.current, id);
        if (at) setDeleting({ id, level: at.level, title: at.title, learnersWithProgress: null, busy: false });
      },
      step: (id, step) => {
        const target = stepTarget(chaptersRef.current, id, step);
        if (!target) return;
        focusAfter.current = { id, action: step === -1 ? "move-up" : "move-down" };
        void write(
          (revision) => moveOutlineNode({ courseId, revision, id, parentId: target.parentId ?? undefined, index: target.index }),
          (chs) => moveNode(chs, id, target.parentId, target.index),
        ).then(
          () => setStatus(t("moved", { title: String(titleOf(chaptersRef.current, id)), place: describePlace(t, chaptersRef.current, id) })),
          () => undefined,
        );
      },
      toggle: (chapterId) => {
        const index = chaptersRef.current.findIndex((c) => c.id === chapterId);
        setFolded((f) => ({ ...f, [chapterId]: !(f[chapterId] ?? (big && index > 0)) }));
      },
    }),
    [courseId, write, big, t],
  );

  // After a move by button, the focus goes back to the button on the node's new line.
  useLayoutEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted) return;
    const row = document.querySelector(`[data-node="${CSS.escape(wanted.id)}"]`);
    if (!row) return;
    focusAfter.current = null;
    const button = row.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]:not(:disabled)`) ?? row.querySelector<HTMLButtonElement>('[data-action="drag"]');
    if (button && document.activeElement !== button) button.focus();
  });

  const confirmDelete = async () => {
    if (!deleting) return;
    const { id, title, learnersWithProgress } = deleting;
    setDeleting({ ...deleting, busy: true });
    try {
      await write((revision) => deleteOutlineNode({ courseId, revision, id, confirm: learnersWithProgress !== null }));
      setDeleting(null);
      setStatus(t("deleted", { title }));
    } catch (error) {
      if (errorCode(error) === "delete_needs_confirmation") {
        const details = errorDetails(error) as { learnersWithProgress?: number } | undefined;
        setDeleting({ ...deleting, busy: false, learnersWithProgress: details?.learnersWithProgress ?? 1 });
      } else setDeleting(null);
    }
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sameLevelKeyboard }));

  const onDragStart = ({ active }: DragStartEvent) => {
    const start = outline.data?.chapters ?? [];
    startRef.current = start;
    setDrag(start);
    dropNote.current = "";
    dropNote.current = t("stays", { title: titleOf(start, String(active.id)) ?? "", place: describePlace(t, start, String(active.id)) });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const current = dragRef.current;
    if (!over || !current || over.id === active.id) return;
    const from = placementOf(current, String(active.id));
    const data = over.data.current as NodeData | undefined;
    if (!from || data?.level !== from.level || from.level === "chapter") return;
    const overParent = data.zoneFor ?? data.parentId;
    // A folded chapter takes a dropped sub-chapter at its end, on the drop itself: it does not draw its sub-chapters.
    if (overParent === from.parentId || data.folded) return;
    // Into another parent: the node joins it now, so its new neighbours make room as it moves on.
    const translated = active.rect.current.translated;
    const below = !!translated && translated.top > over.rect.top + over.rect.height / 2;
    const place = dropPlace(current, String(active.id), over, below);
    if (!place || justMoved.current) return;
    // Once moved, it stays put until the page is drawn again: the layout under the pointer changed, and the old parent must not take it straight back.
    justMoved.current = true;
    requestAnimationFrame(() => requestAnimationFrame(() => (justMoved.current = false)));
    setDrag(moveNode(current, String(active.id), place.parentId, place.index));
  };

  const finishDrag = () => {
    startRef.current = null;
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const start = startRef.current;
    const current = dragRef.current;
    finishDrag();
    const id = String(active.id);
    if (!start || !current) return setDrag(null);
    let final = current;
    if (over && over.id !== active.id) {
      const place = dropPlace(current, id, over, false);
      if (place) final = moveNode(current, id, place.parentId, place.index);
    }
    const before = placementOf(start, id);
    const after = placementOf(final, id);
    if (!before || !after || (before.parentId === after.parentId && before.index === after.index)) {
      dropNote.current = t("droppedBack", { title: before?.title ?? "", place: describePlace(t, start, id) });
      return setDrag(null);
    }
    dropNote.current = t("dropped", { title: after.title, place: describePlace(t, final, id) });
    setDropped({ chapters: final, basis: outline.data });
    setDrag(null);
    void write(
      (revision) => moveOutlineNode({ courseId, revision, id, parentId: after.parentId ?? undefined, index: after.index }),
      (chs) => moveNode(chs, id, after.parentId, after.index),
    )
      .catch(() => undefined)
      .finally(() => setDropped(null));
  };

  const onDragCancel = () => {
    finishDrag();
    setDrag(null);
  };

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => {
        const id = String(active.id);
        const at = placementOf(chaptersRef.current, id);
        announcedPlace.current = describePlace(t, chaptersRef.current, id);
        return at ? t("pickedUp", { level: at.level, title: at.title, place: describePlace(t, chaptersRef.current, id) }) : undefined;
      },
      onDragOver: ({ active, over }) => {
        if (!over) return undefined;
        const title = titleOf(chaptersRef.current, String(active.id)) ?? "";
        const data = over.data.current as (NodeData & { sortable?: { index: number; items: unknown[]; containerId: string } }) | undefined;
        if (!data) return undefined;
        if (data.zoneFor) {
          const place = data.folded
            ? t("endOf", { parent: parentName(t, chaptersRef.current, "subChapter", data.zoneFor) })
            : t("place", { index: "1", count: "1", parent: parentName(t, chaptersRef.current, data.level, data.zoneFor) });
          announcedPlace.current = place;
          return t("moved", { title, place });
        }
        const sortable = data.sortable;
        if (!sortable) return undefined;
        const size = sortable.items.length + (sortable.items.includes(active.id) ? 0 : 1);
        const place = t("place", { index: String(sortable.index + 1), count: String(size), parent: parentName(t, chaptersRef.current, data.level, data.parentId) });
        // Over its own place again (as when it is picked up): nothing new to say.
        if (place === announcedPlace.current) return undefined;
        announcedPlace.current = place;
        return t("moved", { title, place });
      },
      onDragEnd: () => dropNote.current || undefined,
      onDragCancel: ({ active }) => {
        const id = String(active.id);
        return t("cancelled", { title: titleOf(chaptersRef.current, id) ?? "" });
      },
    }),
    [t],
  );

  // What the last change did, read out to screen readers, is cleared after a while.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(""), 6000);
    return () => clearTimeout(timer);
  }, [status]);

  if (outline.isError) return <ErrorBlock message={errorText(outline.error)} onRetry={() => void outline.refetch()} />;
  if (!outline.data) return <OutlineSkeleton />;

  const items = countItems(chapters);
  const anyFolded = chapters.some((c, i) => !isExpanded(c.id, i));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{settings.data ? t("heading", { name: settings.data.name }) : t("headingPlain")}</h1>
          <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">
            {t("summary", { chapters: chapters.length, items, revision: String(outline.data.revision) })}
            {writes.pending > 0 ? t("saving") : t("saved")}
          </p>
        </div>
        {chapters.length > 0 && (
          <button
            type="button"
            onClick={() => setFolded(Object.fromEntries(chapters.map((c) => [c.id, !anyFolded])))}
            className="inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
          >
            {anyFolded ? <ChevronsUpDown aria-hidden className="h-4 w-4" /> : <ChevronsDownUp aria-hidden className="h-4 w-4" />}
            {anyFolded ? t("unfoldAll") : t("foldAll")}
          </button>
        )}
      </div>

      {writes.conflict && <ConflictNotice details={writes.conflict} onReload={() => void writes.reload()} onDismiss={writes.dismissConflict} />}
      {writes.failure && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-card bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
          <span>{t("notSaved", { reason: writes.failure })}</span>
          <button type="button" onClick={writes.dismissFailure} className="rounded-md border border-current px-2 py-0.5 font-semibold">
            {t("dismiss")}
          </button>
        </div>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>

      {chapters.length === 0 ? (
        <div className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-center dark:border-slate-600 dark:bg-surface-dark-muted">
          <FolderTree aria-hidden className="mx-auto h-10 w-10 text-brand-500 dark:text-brand-300" />
          <h2 className="mt-3 text-lg font-semibold">{t("emptyTitle")}</h2>
          <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">{t("emptyText")}</p>
          <div className="mt-4 flex justify-center">
            <AddNodeForm label={t("addFirst")} titleLabel={t("newChapterTitle")} prominent onAdd={(title) => actions.add("chapter", null, title)} />
          </div>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={sameLevelCollisions}
          onDragStart={onDragStart}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          onDragCancel={onDragCancel}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: t("instructions"),
            },
          }}
        >
          <SortableContext id={containerId("chapter", null)} items={chapters.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-3" aria-label={t("chapters")}>
              {chapters.map((chapter, i) => (
                <ChapterNode key={chapter.id} chapter={chapter} index={i} count={chapters.length} expanded={isExpanded(chapter.id, i)} actions={actions} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {chapters.length > 0 && <AddNodeForm label={t("addChapter")} titleLabel={t("newChapterTitle")} prominent onAdd={(title) => actions.add("chapter", null, title)} />}

      {deleting && <DeleteDialog pending={deleting} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />}
    </div>
  );
}

function OutlineSkeleton() {
  const t = useTranslations("studioContent.outline");
  return (
    <div aria-busy="true" aria-label={t("loading")} role="status" className="space-y-4">
      <Skeleton className="h-8 w-72 max-w-full" />
      <Skeleton className="h-4 w-48" />
      {[0, 1].map((c) => (
        <div key={c} className="space-y-2 rounded-card bg-white p-3 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
          <Skeleton className="h-6 w-1/2" />
          <div className="space-y-2 pl-4">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        </div>
      ))}
    </div>
  );
}
