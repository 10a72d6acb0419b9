import "server-only";
import { createHash, createHmac } from "node:crypto";
import { createReadStream, promises as fs } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { FileStore } from "./file-store";

export interface S3Settings {
  /** Where the service answers, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** The SHA-256 of an empty body, which GET, HEAD and DELETE sign. */
export const EMPTY_PAYLOAD_HASH = sha256Hex("");

/**
 * Signs a request with AWS Signature Version 4 (the Authorization header S3 and every S3-compatible
 * store accept). Returns the headers to send: the given ones plus host, x-amz-date,
 * x-amz-content-sha256 and Authorization. The path must already be URI-encoded; no query string.
 */
export function signS3Request(
  request: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  settings: Pick<S3Settings, "region" | "accessKeyId" | "secretAccessKey">,
  now: Date,
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${settings.region}/s3/aws4_request`;
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, " ")])),
    host: request.url.host,
    "x-amz-content-sha256": request.payloadHash,
    "x-amz-date": amzDate,
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method,
    request.url.pathname,
    "",
    names.map((n) => `${n}:${headers[n]}\n`).join(""),
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${settings.secretAccessKey}`, day), settings.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/**
 * Files in an S3-compatible bucket, addressed path-style ({endpoint}/{bucket}/{key}), which AWS S3,
 * MinIO, Ceph, R2 and the like all accept. Every process sees every file.
 */
export function s3FileStore(settings: S3Settings, now: () => Date = () => new Date()): FileStore {
  const urlOf = (key: string) =>
    new URL(`${settings.endpoint.replace(/\/$/, "")}/${encodeURIComponent(settings.bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`);
  const send = (method: string, key: string, body?: Uint8Array, extra?: Record<string, string>) => {
    const url = urlOf(key);
    const headers = signS3Request({ method, url, headers: extra, payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH }, settings, now());
    delete headers.host;
    return fetch(url, { method, headers, body: body as Uint8Array<ArrayBuffer> | undefined });
  };
  const fail = async (what: string, res: Response) => {
    const detail = (await res.text().catch(() => "")).slice(0, 300);
    return new Error(`S3 ${what} answered ${res.status}: ${detail}`);
  };
  return {
    async put(key, bytes) {
      const res = await send("PUT", key, bytes);
      if (!res.ok) throw await fail(`PUT ${key}`, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) throw await fail(`GET ${key}`, res);
      const body = res.body;
      return { size: Number(res.headers.get("content-length") ?? 0), stream: () => body };
    },
    async remove(key) {
      const res = await send("DELETE", key);
      if (!res.ok && res.status !== 404) throw await fail(`DELETE ${key}`, res);
      await res.body?.cancel();
    },
    async putFile(key, file) {
      // Streamed with an unsigned payload (hashing 2 GB first would read it twice) and its length
      // given, which a single S3 PUT needs (fetch would send a stream chunked, which S3 refuses).
      const { size } = await fs.stat(file);
      const url = urlOf(key);
      const headers = signS3Request({ method: "PUT", url, headers: { "content-length": String(size) }, payloadHash: "UNSIGNED-PAYLOAD" }, settings, now());
      delete headers.host;
      const { status, body } = await streamPut(url, headers, file);
      if (status < 200 || status >= 300) throw new Error(`S3 PUT ${key} answered ${status}: ${body.slice(0, 300)}`);
    },
    async size(key) {
      const res = await send("HEAD", key);
      await res.body?.cancel();
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 HEAD ${key} answered ${res.status}`);
      return Number(res.headers.get("content-length") ?? 0);
    },
    async getRange(key, start, end) {
      const res = await send("GET", key, undefined, { range: `bytes=${start}-${end}` });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if ((res.status !== 206 && res.status !== 200) || !res.body) throw await fail(`GET ${key} (bytes ${start}-${end})`, res);
      const body = res.body;
      return { size: Number(res.headers.get("content-length") ?? 0), stream: () => body };
    },
  };
}

/** PUTs a file's bytes as the request body with node's own client, so Content-Length is the one given. */
function streamPut(url: URL, headers: Record<string, string>, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, { method: "PUT", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    request.on("error", reject);
    createReadStream(file).on("error", reject).pipe(request);
  });
}
