"use client";

import { useTranslations } from "next-intl";

/** A CSV file's problems, each by its line (or the whole file), as a people or a batch-members import lists them. */
export function CsvProblems({ problems, nothingDone }: { problems: { line?: number | null; message: string }[]; nothingDone: string }) {
  const t = useTranslations("studio.csv");
  return (
    <>
      <p className="text-sm font-medium text-red-700 dark:text-red-300">{t("summary", { nothingDone, count: problems.length })}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-4">
                {t("line")}
              </th>
              <th scope="col" className="py-1">
                {t("problem")}
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={i} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="py-1 pr-4 font-mono">{p.line ?? t("file")}</td>
                <td className="py-1 break-words">{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
