"use client";

import { KeyField, NewItemButton, NewItemForm } from "@/components/studio-people/new-item-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { showToast } from "@/components/ui/toast-store";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { StudioListHeader, StudioListBody } from "@/components/studio-people/studio-list";
import { useErrorText } from "@/components/i18n/use-error-text";
import { createCompany, studioCompaniesQueries } from "@/lib/api/studio-companies";
import { brandingOf, buttonClass, CompanyFields, EMPTY_DRAFT, panelClass, patternHint, type CompanyDraft } from "./company-fields";
import { exampleHost, SignInPreview } from "./sign-in-preview";

/** /studio/companies: every company with its host pattern and logo; a form to make one, with a preview of its sign-in page. */
export function CompaniesPage() {
  const t = useTranslations("studioCompanies.list");
  const [adding, setAdding] = useState(false);
  const list = useQuery(studioCompaniesQueries.listCompanies());
  const companies = list.data?.companies ?? [];
  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader title={t("title")} description={t("description")}>
        <NewItemButton label={t("newCompany")} open={adding} onToggle={() => setAdding(!adding)} />
      </StudioListHeader>

      {adding && <NewCompanyForm onClose={() => setAdding(false)} />}

      <StudioListBody
        query={list}
        loadingLabel={t("loading")}
        isEmpty={() => companies.length === 0}
        empty={<p className={`${panelClass} text-center`}>{t("empty")}</p>}
      >
        {() => (
          <ul aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {companies.map((company) => (
              <li key={company.id} className="flex flex-wrap items-center gap-4 p-4">
                <span className="flex h-10 w-28 shrink-0 items-center justify-center rounded-md bg-slate-50 p-1 dark:bg-white/90">
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={company.logoUrl} alt="" className="max-h-8 max-w-full object-contain" />
                </span>
                <div className="min-w-0 flex-1">
                  <AppLink href={`/studio/companies/${company.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                    {company.name}
                  </AppLink>
                  <p className="wrap-anywhere text-sm text-ink-muted dark:text-ink-dark-muted">
                    <span className="font-mono">{company.key}</span> · <span className="font-mono">{company.hostPattern}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </StudioListBody>
    </div>
  );
}

function NewCompanyForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("studioCompanies.newForm");
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [key, setKey] = useState("");
  const [draft, setDraft] = useState<CompanyDraft>(EMPTY_DRAFT);
  const create = useMutation({
    mutationFn: () =>
      createCompany({
        key: key.trim(),
        name: draft.name,
        hostPattern: draft.hostPattern.trim(),
        logoUrl: draft.logoUrl,
        logoDarkUrl: draft.logoDarkUrl || null,
        loginBackgroundUrl: draft.loginBackgroundUrl || null,
      }),
    onSuccess: async ({ company }) => {
      showToast({ title: t("madeTitle"), description: t("madeText", { name: company.name, host: company.hostPattern }) });
      await queryClient.invalidateQueries({ queryKey: studioCompaniesQueries.all });
      router.push(`/studio/companies/${company.id}`);
    },
  });
  const missingLogo = !draft.logoUrl;
  return (
    <NewItemForm title={t("title")} onClose={onClose} onSubmit={() => create.mutate()}>
      <div className="grid grid-cols-3 gap-3 max-md:grid-cols-1">
        <KeyField value={key} onChange={setKey} usedIn={t("keyUsedIn")} />
        <CompanyFields draft={draft} setDraft={setDraft} />
      </div>
      <SignInPreview branding={brandingOf(draft, key, t("unnamed"))} host={exampleHost(draft.hostPattern.trim())} />
      {create.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(create.error)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={create.isPending || missingLogo || !!patternHint(draft.hostPattern)}>
          {create.isPending ? t("making") : t("make")}
        </button>
        {missingLogo && <span className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("uploadLogo")}</span>}
      </div>
    </NewItemForm>
  );
}
