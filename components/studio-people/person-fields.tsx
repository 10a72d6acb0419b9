import { useTranslations } from "next-intl";
import type { Dispatch, SetStateAction } from "react";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { LANGUAGES, PLANS, ROLES, USER_KINDS, useValueLabel } from "./labels";

/** What the add form and a person's page edit, as the inputs hold it. */
export interface PersonDraft {
  userKind: string;
  plan: string;
  role: string;
  preferredLanguage: string;
  /** Batch keys separated by ";". */
  batches: string;
  /** YYYY-MM-DD, or empty for no end. */
  accessExpiry: string;
}

/** An input's value and change handler, bound to one key of a form's draft. */
export const draftField =
  <D extends Record<string, string>>(draft: D, setDraft: Dispatch<SetStateAction<D>>) =>
  (key: keyof D) => ({ value: draft[key], onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })) });

/** The batch keys typed in the batches field. */
export const batchKeysOf = (text: string) =>
  text
    .split(/[;,]/)
    .map((b) => b.trim())
    .filter(Boolean);

/** A person's kind, plan, role, language, batches and access end: the fields both forms share. */
export function PersonChoiceFields({ field }: { field: (key: keyof PersonDraft) => { value: string; onChange: (e: { target: { value: string } }) => void } }) {
  const t = useTranslations("studioPeople.fields");
  const valueLabel = useValueLabel();
  return (
    <>
      {(
        [
          ["userKind", t("kind"), USER_KINDS],
          ["plan", t("plan"), PLANS],
          ["role", t("role"), ROLES],
          ["preferredLanguage", t("language"), LANGUAGES],
        ] as const
      ).map(([key, label, options]) => (
        <label key={key} className="text-sm font-medium">
          {label}
          <select className={`${inputClass} mt-1`} {...field(key)}>
            {options.map((o) => (
              <option key={o} value={o}>
                {valueLabel(key, o)}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="text-sm font-medium">
        {t("batches")}
        <input className={`${inputClass} mt-1`} {...field("batches")} />
      </label>
      <label className="text-sm font-medium">
        {t("accessEnds")}
        <input type="date" className={`${inputClass} mt-1`} {...field("accessExpiry")} />
      </label>
    </>
  );
}
