"use client";

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

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    showToast({ variant: "success", description: "Link copied: paste it anywhere to share your certificate." });
  } catch {
    // No clipboard (an insecure page, or permission refused): show the address to copy by hand.
    showToast({ description: `Copy this link: ${url}`, duration: 10_000 });
  }
}

/**
 * What a learner (or anyone on the share page) can do with an issued certificate: copy its link,
 * post it on LinkedIn or WhatsApp with the spec's share text, add it to a LinkedIn profile, download
 * it (image and signed credential), open or print it.
 */
export function ShareActions({ certificate, onSharePage = false }: { certificate: ShareableCertificate; onSharePage?: boolean }) {
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
          View
        </AppLink>
      )}
      <button type="button" className={button} onClick={() => copyLink(certificate.url)}>
        <LinkIcon />
        Copy link
      </button>
      <a className={button} href={linkedInShareUrl(text)} target="_blank" rel="noopener noreferrer">
        <LinkedInIcon />
        Share on LinkedIn
      </a>
      <a className={button} href={whatsAppShareUrl(text)} target="_blank" rel="noopener noreferrer">
        <ChatIcon />
        WhatsApp
      </a>
      <a className={button} href={addToProfile} target="_blank" rel="noopener noreferrer">
        <PlusIcon />
        Add to LinkedIn profile
      </a>
      <a className={button} href={certificateImagePath(certificate.shareType, certificate.certificateUID)} download={`${fileName}.png`}>
        <DownloadIcon />
        Image
      </a>
      <a className={button} href={certificateCredentialPath(certificate.certificateUID)} download>
        <DownloadIcon />
        Signed credential
      </a>
      {onSharePage && (
        <button type="button" className={button} onClick={() => window.print()}>
          <PrintIcon />
          Print
        </button>
      )}
    </div>
  );
}
