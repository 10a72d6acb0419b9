import "server-only";

const API = "https://dev.vdocipher.com/api/videos";
const PLAYER = "https://player.vdocipher.com/v2/";
/** How long the one-time password stays valid for starting playback. */
const OTP_TTL_SECONDS = 300;
const TIMEOUT_MS = 5000;

export const VDOCIPHER_NOT_CONFIGURED = "This video is hosted with VdoCipher, which is not set up on this site yet (no API secret). Please tell your administrator.";

export type VdoCipherPlayback =
  | { ok: true; otp: string; playbackInfo: string; embedUrl: string }
  | { ok: false; reason: string };

export const vdocipherEmbedUrl = (otp: string, playbackInfo: string) =>
  `${PLAYER}?otp=${encodeURIComponent(otp)}&playbackInfo=${encodeURIComponent(playbackInfo)}`;

/**
 * Asks VdoCipher for the one-time password and playback info that let the learner's browser play
 * one video once (VdoCipher's OTP flow, API v3). Without a secret, or when VdoCipher does not
 * answer, the reason is returned in words for the learner instead.
 */
export async function vdocipherPlayback(
  secret: string | undefined,
  videoId: string,
  viewer: { name: string; email: string },
): Promise<VdoCipherPlayback> {
  if (!secret) return { ok: false, reason: VDOCIPHER_NOT_CONFIGURED };
  try {
    const res = await fetch(`${API}/${encodeURIComponent(videoId)}/otp`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Apisecret ${secret}` },
      // The viewer's e-mail is drawn over the video, which discourages screen recording.
      body: JSON.stringify({
        ttl: OTP_TTL_SECONDS,
        annotate: JSON.stringify([{ type: "rtext", text: viewer.email, alpha: "0.45", color: "0xFFFFFF", size: "13", interval: "5000" }]),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) {
      console.error(JSON.stringify({ level: "error", msg: "vdocipher otp refused", status: res.status, videoId }));
      return { ok: false, reason: `The video service refused to start this video (status ${res.status}). Please try again later.` };
    }
    const body = (await res.json()) as { otp?: unknown; playbackInfo?: unknown };
    if (typeof body.otp !== "string" || typeof body.playbackInfo !== "string") {
      return { ok: false, reason: "The video service gave an unexpected answer. Please try again later." };
    }
    return { ok: true, otp: body.otp, playbackInfo: body.playbackInfo, embedUrl: vdocipherEmbedUrl(body.otp, body.playbackInfo) };
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "vdocipher otp failed", videoId, err: String(err) }));
    return { ok: false, reason: "The video service could not be reached. Please try again in a moment." };
  }
}
