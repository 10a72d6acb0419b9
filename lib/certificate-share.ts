/*
 * How a certificate is shared: its public address, the spec's share texts, and the LinkedIn and
 * WhatsApp links. Used by the learner's list and by the public share page alike.
 */

export type CertificateShareType = "course" | "program";

export const SHARE_TYPES: readonly CertificateShareType[] = ["course", "program"];

/** The public page of a certificate: /certificates/{shareType}/{certificateUID}. */
export const certificateSharePath = (shareType: CertificateShareType, certificateUID: string) =>
  `/certificates/${shareType}/${encodeURIComponent(certificateUID)}`;

/** The image previews show (1200x627, rendered by the server). */
export const certificateImagePath = (shareType: CertificateShareType, certificateUID: string) =>
  `${certificateSharePath(shareType, certificateUID)}/image.png`;

/** The signed Open Badges 3.0 credential, as a download. */
export const certificateCredentialPath = (certificateUID: string) => `/api/certificates/${encodeURIComponent(certificateUID)}/credential`;

/** The spec's closing tags: course certificates, and every other certificate. */
export const SHARE_TAGS: Record<CertificateShareType, string> = {
  course: "#upskill #upskillyourself #engineering #certification",
  program: "#learningJourney #achievement #professionalGrowth",
};

export interface ShareableCertificate {
  shareType: CertificateShareType;
  courseName: string;
  url: string;
}

/** The text a learner posts with the link: what they earned, the address, then the spec's tags. */
export function shareText(c: ShareableCertificate, issuerName?: string): string {
  const what = c.shareType === "program" ? `I completed the ${c.courseName} and earned its master certificate` : `I earned my certificate in ${c.courseName}`;
  return `${what}${issuerName ? ` from ${issuerName}` : ""}. See it here: ${c.url} ${SHARE_TAGS[c.shareType]}`;
}

/** A LinkedIn post with the text (and the address in it) filled in. */
export const linkedInShareUrl = (text: string) => `https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(text)}`;

/** A WhatsApp message with the text filled in (the app on phones, WhatsApp Web elsewhere). */
export const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

export interface LinkedInCertification {
  /** The certification's name: the course or program. */
  name: string;
  /** The organization that issued it. */
  organizationName: string;
  /** ISO date of issue; its year and month (in UTC) are filled in. */
  issuedDate: string;
  /** The certificate's public address. */
  certUrl: string;
  /** The credential id: the certificate's UID. */
  certId: string;
}

/** LinkedIn's "Add to profile" form for a licence or certification, filled in. */
export function linkedInAddToProfileUrl(c: LinkedInCertification): string {
  const issued = new Date(c.issuedDate);
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: c.name,
    organizationName: c.organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.certUrl,
    certId: c.certId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** "12 March 2025": issue dates as certificates print them (UTC, so every viewer reads the same day). */
export const formatIssueDate = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

