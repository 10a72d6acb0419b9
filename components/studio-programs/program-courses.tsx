"use client";

import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { secondaryClass } from "@/components/studio-batches/batch-fields";
import type { ProgramCourseChoice, StudioProgramCourse } from "@/lib/api/studio-programs";

export type CourseEntry = Pick<StudioProgramCourse, "courseId" | "name" | "courseType">;
type CourseType = CourseEntry["courseType"];

/** The course types in the order the list offers them; their words are `studioPrograms.courses.types`. */
const TYPES: CourseType[] = ["mandatory", "nonMandatory", "complimentary"];
const iconButton =
  "inline-flex h-9 w-9 items-center justify-center rounded-md ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40 dark:ring-slate-600 dark:hover:bg-slate-800";

/**
 * A program's courses in order: each with its type, moved up or down by buttons (or dragged by its
 * handle, which the keyboard also moves), removed, and courses added from those there are.
 */
export function ProgramCourses({ courses, choices, onChange }: { courses: CourseEntry[]; choices: ProgramCourseChoice[] | undefined; onChange: (next: CourseEntry[]) => void }) {
  const t = useTranslations("studioPrograms.courses");
  const id = useId();
  const [picked, setPicked] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const listed = new Set(courses.map((c) => c.courseId));
  const available = (choices ?? []).filter((c) => !listed.has(c.id));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= courses.length) return;
    onChange(arrayMove(courses, from, to));
    setAnnouncement(t("moved", { name: courses[from]!.name, position: to + 1, count: courses.length }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      courses.findIndex((c) => c.courseId === active.id),
      courses.findIndex((c) => c.courseId === over.id),
    );
  };
  const add = () => {
    const choice = available.find((c) => c.id === picked);
    if (!choice) return;
    onChange([...courses, { courseId: choice.id, name: choice.name, courseType: "mandatory" }]);
    setAnnouncement(t("added", { name: choice.name, position: courses.length + 1 }));
    setPicked("");
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{t("legend")}</legend>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {courses.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-ink-muted dark:bg-slate-800/60 dark:text-ink-dark-muted">{t("empty")}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={courses.map((c) => c.courseId)} strategy={verticalListSortingStrategy}>
            <ol aria-label={t("listLabel")} className="space-y-2">
              {courses.map((course, i) => (
                <CourseRow
                  key={course.courseId}
                  course={course}
                  index={i}
                  count={courses.length}
                  onMove={move}
                  onType={(courseType) => onChange(courses.map((c) => (c.courseId === course.courseId ? { ...c, courseType } : c)))}
                  onRemove={() => {
                    onChange(courses.filter((c) => c.courseId !== course.courseId));
                    setAnnouncement(t("removed", { name: course.name }));
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 basis-64 text-sm font-medium" htmlFor={`${id}-add`}>
          {t("addCourse")}
          <select id={`${id}-add`} className={`${inputClass} mt-1`} value={picked} onChange={(e) => setPicked(e.target.value)} aria-busy={choices === undefined}>
            <option value="">{choices === undefined ? t("loadingCourses") : available.length ? t("chooseCourse") : t("allIn")}</option>
            {available.map((c) => (
              <option key={c.id} value={c.id}>
                {c.archived ? t("archived", { name: c.name }) : c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={secondaryClass} onClick={add} disabled={!picked}>
          <Plus aria-hidden className="h-4 w-4" /> {t("add")}
        </button>
      </div>
    </fieldset>
  );
}

function CourseRow({
  course,
  index,
  count,
  onMove,
  onType,
  onRemove,
}: {
  course: CourseEntry;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onType: (type: CourseType) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("studioPrograms.courses");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: course.courseId });
  // The row re-renders at its new place: keep the keyboard on its buttons (the other one when this one is now disabled).
  const moveBy = (step: -1 | 1) => {
    onMove(index, index + step);
    requestAnimationFrame(() => {
      const same = document.getElementById(`${step < 0 ? "up" : "down"}-${course.courseId}`) as HTMLButtonElement | null;
      const other = document.getElementById(`${step < 0 ? "down" : "up"}-${course.courseId}`) as HTMLButtonElement | null;
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="program-course"
      className={`flex flex-wrap items-center gap-2 rounded-md bg-white p-2 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
    >
      <button type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} className={`${iconButton} cursor-grab touch-none`} aria-label={t("drag", { name: course.name })}>
        <GripVertical aria-hidden className="h-4 w-4" />
      </button>
      <span className="w-6 text-center text-sm font-semibold tabular-nums" aria-hidden>
        {index + 1}
      </span>
      <span className="min-w-0 flex-1 basis-40 break-words font-medium">{course.name}</span>
      <label className="sr-only" htmlFor={`type-${course.courseId}`}>
        {t("typeOf", { name: course.name })}
      </label>
      <div className="w-44 shrink-0">
        <select id={`type-${course.courseId}`} className={inputClass} value={course.courseType} onChange={(e) => onType(e.target.value as CourseType)}>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-1">
        <button type="button" id={`up-${course.courseId}`} className={iconButton} onClick={() => moveBy(-1)} disabled={index === 0} aria-label={t("up", { name: course.name })}>
          <ArrowUp aria-hidden className="h-4 w-4" />
        </button>
        <button type="button" id={`down-${course.courseId}`} className={iconButton} onClick={() => moveBy(1)} disabled={index === count - 1} aria-label={t("down", { name: course.name })}>
          <ArrowDown aria-hidden className="h-4 w-4" />
        </button>
        <button type="button" className={iconButton} onClick={onRemove} aria-label={t("remove", { name: course.name })}>
          <Trash2 aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}
