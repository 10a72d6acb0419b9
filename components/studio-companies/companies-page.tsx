"use client";

import { KeyField, NewItemButton, NewItemForm } from "@/components/studio-people/new-item-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { showToast } from "@/components/ui/toast-store";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { StudioListHeader, StudioListBody } from "@/components/studio-people/studio-list";
import { errorMessage } from "@/lib/api/errors";
import { createCompany, studioCompaniesQueries } from "@/lib/api/studio-companies";
import { brandingOf, buttonClass, CompanyFields, EMPTY_DRAFT, panelClass, patternHint, type CompanyDraft } from "./company-fields";
import { exampleHost, SignInPreview } from "./sign-in-preview";

/** /studio/companies: every company with its host pattern and logo; a form to make one, with a preview of its sign-in page. */
export function CompaniesPage() {
  const [adding, setAdding] = useState(false);
  const list = useQuery(studioCompaniesQueries.listCompanies());
  const companies = list.data?.companies ?? [];
  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader title="Companies" description="Customer brands: visitors of a company's host see its logo and sign-in background.">
        <NewItemButton label="New company" open={adding} onToggle={() => setAdding(!adding)} />
      </StudioListHeader>

      {adding && <NewCompanyForm onClose={() => setAdding(false)} />}

      <StudioListBody
        query={list}
        loadingLabel="Loading companies"
        isEmpty={() => companies.length === 0}
        empty={<p className={`${panelClass} text-center`}>No companies yet: every host shows the product&apos;s own brand. Make the first with New company.</p>}
      >
        {() => (
          <ul aria-label="Companies" className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
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
                  <p className="break-all text-sm text-ink-muted dark:text-ink-dark-muted">
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
      showToast({ title: "Company made", description: `${company.name} shows on ${company.hostPattern} from the next visit.` });
      await queryClient.invalidateQueries({ queryKey: studioCompaniesQueries.all });
      router.push(`/studio/companies/${company.id}`);
    },
  });
  const missingLogo = !draft.logoUrl;
  return (
    <NewItemForm title="New company" onClose={onClose} onSubmit={() => create.mutate()}>
      <div className="grid grid-cols-3 gap-3 max-md:grid-cols-1">
        <KeyField value={key} onChange={setKey} usedIn="the company in companies.yaml" />
        <CompanyFields draft={draft} setDraft={setDraft} />
      </div>
      <SignInPreview branding={brandingOf(draft, key)} host={exampleHost(draft.hostPattern.trim())} />
      {create.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(create.error)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={create.isPending || missingLogo || !!patternHint(draft.hostPattern)}>
          {create.isPending ? "Making…" : "Make the company"}
        </button>
        {missingLogo && <span className="text-sm text-ink-muted dark:text-ink-dark-muted">Upload a logo first.</span>}
      </div>
    </NewItemForm>
  );
}
