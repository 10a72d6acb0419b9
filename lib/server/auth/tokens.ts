import "server-only";
import { createHash, createHmac, randomBytes } from "node:crypto";

/** A fresh secret for a link or a session: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored only as their SHA-256, so a database leak yields no usable link or session. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export const hmacHex = (secret: string, value: string) => createHmac("sha256", secret).update(value, "utf8").digest("hex");
