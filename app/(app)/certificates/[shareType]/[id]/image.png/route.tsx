import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import { formatIssueDate, SHARE_TYPES } from "@/lib/certificate-share";
import type { PublicCertificate } from "@/lib/contract/entities/certificates";
import { lookUpCertificate } from "../certificate-data";
import { formatDuration } from "@/lib/format-duration";

// Rendered on every request from the certificate as it is now (a revoked one stops answering).
export const dynamic = "force-dynamic";

/** LinkedIn's recommended size for a shared link's image. */
const WIDTH = 1200;
const HEIGHT = 627;
const LOGO_HEIGHT = 52;

const publicDir = path.join(/*turbopackIgnore: true*/ process.cwd(), "public");

/** A company logo served from public/ (the content files' /brand/... paths), as a data URI with its size; null for anything else. */
async function localLogo(url: string | null): Promise<{ src: string; width: number } | null> {
  if (!url || !url.startsWith("/") || !/\.(svg|png)$/i.test(url)) return null;
  const file = path.join(publicDir, path.normalize(url));
  if (!file.startsWith(`${publicDir}${path.sep}`)) return null;
  try {
    const bytes = await readFile(file);
    const svg = url.toLowerCase().endsWith(".svg");
    let ratio = 5.5;
    if (svg) {
      const text = bytes.toString("utf8");
      const box = /viewBox="[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)"/.exec(text);
      if (box) ratio = Number(box[1]) / Number(box[2]);
    }
    return { src: `data:image/${svg ? "svg+xml" : "png"};base64,${bytes.toString("base64")}`, width: Math.round(LOGO_HEIGHT * ratio) };
  } catch {
    return null;
  }
}

function CertificateImage({ c, logo }: { c: PublicCertificate; logo: { src: string; width: number } | null }) {
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", background: "#eef2ff", padding: 28 }}>
      <div
        style={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          background: "#ffffff",
          borderRadius: 20,
          border: "2px solid #c7d2fe",
          padding: "36px 56px",
          position: "relative",
        }}
      >
        <div style={{ position: "absolute", left: 0, right: 0, top: 0, height: 12, background: "linear-gradient(90deg, #4f46e5, #818cf8, #10b981)", borderRadius: "18px 18px 0 0" }} />
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          {logo ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={logo.src} width={logo.width} height={LOGO_HEIGHT} alt="" />
          ) : (
            <div style={{ fontSize: 34, color: "#4338ca" }}>{c.issuer.name}</div>
          )}
          <div style={{ display: "flex", alignItems: "center", gap: 10, background: "#ecfdf5", color: "#047857", borderRadius: 999, padding: "10px 22px", fontSize: 24 }}>
            <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="#047857" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {c.verification.verified ? "Verified" : "Issued"}
          </div>
        </div>
        <div style={{ flex: 1, display: "flex", flexDirection: "column", justifyContent: "center", alignItems: "center", textAlign: "center" }}>
          <div style={{ fontSize: 24, letterSpacing: 6, color: "#4338ca" }}>{c.isMasterCertificate ? "MASTER CERTIFICATE" : "CERTIFICATE OF COMPLETION"}</div>
          <div style={{ fontSize: c.userName.length > 28 ? 52 : 68, color: "#111827", marginTop: 22, lineHeight: 1.1 }}>{c.userName}</div>
          <div style={{ fontSize: 26, color: "#4b5563", marginTop: 18 }}>{c.isMasterCertificate ? "has completed every course of the program" : "has completed the course"}</div>
          <div style={{ fontSize: c.courseName.length > 45 ? 34 : 44, color: "#312e81", marginTop: 12, lineHeight: 1.15, maxWidth: 1000 }}>{c.courseName}</div>
        </div>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-end", fontSize: 22, color: "#4b5563" }}>
          <div style={{ display: "flex", flexDirection: "column" }}>
            <div>{`${formatDuration(c.totalCourseDurationInMinutes)} of video · Issued ${formatIssueDate(c.issuedDate)}`}</div>
            <div style={{ marginTop: 6 }}>{`Issued by ${c.issuer.name}`}</div>
          </div>
          <div style={{ display: "flex", fontSize: 18, color: "#6b7280" }}>{`ID ${c.certificateUID}`}</div>
        </div>
      </div>
    </div>
  );
}

// GET /certificates/{shareType}/{id}/image.png: the certificate as a 1200x627 PNG, for link previews (og:image, twitter:image) and downloads
export async function GET(_request: Request, { params }: { params: Promise<{ shareType: string; id: string }> }) {
  const { shareType, id } = await params;
  const found = (SHARE_TYPES as readonly string[]).includes(shareType) ? await lookUpCertificate(id) : ({ state: "missing" } as const);
  if (found.state === "missing") return new Response("No certificate has this address.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (found.state === "revoked") return new Response(found.message, { status: 410, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const c = found.certificate;
  if (c.shareType !== shareType) return new Response("No certificate has this address.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new ImageResponse(<CertificateImage c={c} logo={await localLogo(c.issuer.logoUrl)} />, {
    width: WIDTH,
    height: HEIGHT,
    headers: { "Cache-Control": "public, max-age=3600" },
  });
}
