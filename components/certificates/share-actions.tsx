"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useEffect } from "react";
import {
  certificateCredentialPath,
  certificateImagePath,
  certificateSharePath,
  linkedInAddToProfileUrl,
  linkedInShareUrl,
  shareText,
  whatsAppShareUrl,
  type CertificateShareType,
} from "@/lib/certificate-share";
import { showToast } from "@/components/ui/toast-store";
import { ChatIcon, DownloadIcon, ExternalIcon, LinkedInIcon, LinkIcon, PlusIcon, PrintIcon } from "./icons";

export interface ShareableCertificate {
  certificateUID: string;
  shareType: CertificateShareType;
  courseName: string;
  url: string;
  issuedDate: string;
  issuerName: string;
}

const button =
  "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-50 dark:border-slate-600 dark:bg-surface-dark-muted dark:text-ink-dark dark:hover:bg-slate-800";

/** A certificate prints as paper: light, whatever the theme on screen (the browser's own Print included). */
function usePrintedLight(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    let wasDark = false;
    const before = () => {
      wasDark = root.classList.contains("dark");
      root.classList.remove("dark");
    };
    const after = () => root.classList.toggle("dark", wasDark);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, [active]);
}

async function copyLink(url: string, words: { copied: string; copyThis: string }) {
  try {
    await navigator.clipboard.writeText(url);
    showToast({ variant: "success", description: words.copied });
  } catch {
    // No clipboard (an insecure page, or permission refused): show the address to copy by hand.
    showToast({ description: words.copyThis, duration: 10_000 });
  }
}

/**
 * What a learner (or anyone on the share page) can do with an issued certificate: copy its link,
 * post it on LinkedIn or WhatsApp with the spec's share text, add it to a LinkedIn profile, download
 * it (image and signed credential), open or print it.
 */
export function ShareActions({ certificate, onSharePage = false }: { certificate: ShareableCertificate; onSharePage?: boolean }) {
  const t = useTranslations("certificates.share");
  usePrintedLight(onSharePage);
  const text = shareText(certificate, certificate.issuerName);
  const addToProfile = linkedInAddToProfileUrl({
    name: certificate.courseName,
    organizationName: certificate.issuerName,
    issuedDate: certificate.issuedDate,
    certUrl: certificate.url,
    certId: certificate.certificateUID,
  });
  const fileName = `certificate-${certificate.courseName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
  return (
    <div className="flex flex-wrap gap-2">
      {!onSharePage && (
        <AppLink href={certificateSharePath(certificate.shareType, certificate.certificateUID)} className={button}>
          <ExternalIcon />
          {t("view")}
        </AppLink>
      )}
      <button type="button" className={button} onClick={() => copyLink(certificate.url, { copied: t("copied"), copyThis: t("copyThis", { url: certificate.url }) })}>
        <LinkIcon />
        {t("copyLink")}
      </button>
      <a className={button} href={linkedInShareUrl(text)} target="_blank" rel="noopener noreferrer">
        <LinkedInIcon />
        {t("linkedIn")}
      </a>
      <a className={button} href={whatsAppShareUrl(text)} target="_blank" rel="noopener noreferrer">
        <ChatIcon />
        {t("whatsApp")}
      </a>
      <a className={button} href={addToProfile} target="_blank" rel="noopener noreferrer">
        <PlusIcon />
        {t("addToProfile")}
      </a>
      <a className={button} href={certificateImagePath(certificate.shareType, certificate.certificateUID)} download={`${fileName}.png`}>
        <DownloadIcon />
        {t("image")}
      </a>
      <a className={button} href={certificateCredentialPath(certificate.certificateUID)} download>
        <DownloadIcon />
        {t("credential")}
      </a>
      {onSharePage && (
        <button type="button" className={button} onClick={() => window.print()}>
          <PrintIcon />
          {t("print")}
        </button>
      )}
    </div>
  );
}
