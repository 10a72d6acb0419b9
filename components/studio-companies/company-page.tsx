"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { showToast } from "@/components/ui/toast-store";
import { StudioDetailFrame, StudioDetailTitle } from "@/components/studio-people/studio-detail-frame";
import { useErrorText } from "@/components/i18n/use-error-text";
import { deleteCompany, studioCompaniesQueries, updateCompany, type StudioCompany } from "@/lib/api/studio-companies";
import { DeleteSection } from "@/components/studio-people/delete-section";
import { brandingOf, buttonClass, CompanyFields, draftOf, panelClass, patternHint, type CompanyDraft } from "./company-fields";
import { exampleHost, SignInPreview } from "./sign-in-preview";

/** Deletes a company nobody belongs to; one in use is refused with the reason. */
function DeleteCompany({ company }: { company: StudioCompany }) {
  const t = useTranslations("studioCompanies.page.delete");
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <DeleteSection
      title={t("title")}
      explanation={t("explanation")}
      openLabel={t("open")}
      confirmLabel={t("confirm", { key: company.key })}
      remove={() => deleteCompany({ id: company.id })}
      onDeleted={async () => {
        showToast({ title: t("doneTitle"), description: t("doneText", { key: company.key }) });
        queryClient.removeQueries({ queryKey: studioCompaniesQueries.getCompany(company.id).queryKey });
        await queryClient.invalidateQueries({ queryKey: studioCompaniesQueries.all });
        router.replace("/studio/companies");
      }}
    />
  );
}

/** /studio/companies/{id}: a company's name, host pattern and images, with a live preview of its sign-in page. */
export function CompanyPage({ id }: { id: string }) {
  const t = useTranslations("studioCompanies.page");
  const query = useQuery(studioCompaniesQueries.getCompany(id));
  return (
    <StudioDetailFrame back={{ href: "/studio/companies", label: t("back") }} query={query} item={query.data?.company} skeletonClass="h-96">
      {(company) => (
        <>
          <StudioDetailTitle title={company.name}>
            <p className="wrap-anywhere text-ink-muted dark:text-ink-dark-muted">
              <span className="font-mono">{company.key}</span> · <span className="font-mono">{company.hostPattern}</span>
            </p>
          </StudioDetailTitle>
          <CompanySettings key={JSON.stringify(company)} company={company} />
          <DeleteCompany company={company} />
        </>
      )}
    </StudioDetailFrame>
  );
}

function CompanySettings({ company }: { company: StudioCompany }) {
  const t = useTranslations("studioCompanies.page.settings");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CompanyDraft>(draftOf(company));
  const save = useMutation({
    mutationFn: () =>
      updateCompany({
        id: company.id,
        name: draft.name,
        hostPattern: draft.hostPattern.trim(),
        logoUrl: draft.logoUrl,
        logoDarkUrl: draft.logoDarkUrl || null,
        loginBackgroundUrl: draft.loginBackgroundUrl || null,
      }),
    onSuccess: async ({ company: saved }) => {
      showToast({ title: t("savedTitle"), description: t("savedText", { name: saved.name, host: saved.hostPattern }) });
      await queryClient.invalidateQueries({ queryKey: studioCompaniesQueries.all });
    },
  });
  const unchanged = JSON.stringify(draft) === JSON.stringify(draftOf(company));
  return (
    <form
      aria-label={t("label")}
      className={`${panelClass} space-y-4`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid grid-cols-2 gap-3 max-md:grid-cols-1">
        <CompanyFields draft={draft} setDraft={setDraft} />
      </div>
      <SignInPreview branding={brandingOf(draft, company.key, t("unnamed"))} host={exampleHost(draft.hostPattern.trim())} />
      {save.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(save.error)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={save.isPending || !draft.logoUrl || !!patternHint(draft.hostPattern)}>
          {save.isPending ? t("saving") : t("save")}
        </button>
        {!unchanged && <span className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("unsaved")}</span>}
      </div>
    </form>
  );
}
