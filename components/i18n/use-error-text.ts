"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { HttpError } from "@/lib/api/client";
import { errorDetails, errorMessage } from "@/lib/api/errors";
import { errorValues } from "./error-details";

/**
 * A failed request in the page's language: no answer at all is "offline"; an answer whose code
 * (lib/contract/error-codes.ts) has words in `common.errors.codes` shows them; any other keeps the
 * API's own message (a field named by a 400, a reason only the server knows), or "An error occurred".
 * Words that name what only the server knows (a course, a limit, a person, a reason among several)
 * take it from the refusal's `details` (error-details.ts); a refusal without what they need keeps the
 * API's message, never words with a hole or a raw key in them.
 * The codes only the studio's calls answer with have their words in `studio.errors.codes`, which only
 * the studio's pages carry: a learner's page does not ship them.
 */
export function useErrorText() {
  const t = useTranslations("common.errors");
  const studio = useTranslations("studio.errors");
  const locale = useLocale();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof HttpError) {
        if (!error.response) return t("offline");
        const key = `codes.${error.code}`;
        const words = !error.code ? null : t.has(key as never) ? t : studio.has(key as never) ? studio : null;
        if (words && error.code) {
          const values = errorValues(error.code, errorDetails(error), { locale });
          if (values) return words(key as never, values as never);
          if (hasMessage(error.response.data)) return errorMessage(error);
        }
        if (error.response.status === 404 && !hasMessage(error.response.data)) return t("notFound");
        if (!hasMessage(error.response.data)) return t("failed");
      }
      if (!(error instanceof HttpError) && !(error instanceof Error && error.message)) return t("failed");
      return errorMessage(error);
    },
    [t, studio, locale],
  );
}

const hasMessage = (body: unknown) => typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string" && !!(body as { message: string }).message.trim();
