/**
 * The kinds of file a learner may attach to an essay, recognised by their content (the first bytes),
 * never by the file's name or the type the browser claims:
 *
 * - PDF: starts with `%PDF-`;
 * - PNG: starts with the PNG signature `89 50 4E 47 0D 0A 1A 0A`;
 * - JPEG: starts with `FF D8 FF`;
 * - DOCX: a ZIP archive (`PK\x03\x04`) holding `word/document.xml`; any other ZIP archive is kept as ZIP;
 * - plain text: valid UTF-8 without NUL or other control characters (tab, line feed, carriage return
 *   and form feed allowed).
 *
 * Anything else (programs, HTML is text and is kept as text/plain, archives of other formats, images
 * of other formats) is refused. Pure, so the rule is tested on its own.
 */
export interface EssayFileType {
  contentType: string;
  /** A short name for messages and listings. */
  kind: "PDF" | "PNG" | "JPEG" | "DOCX" | "ZIP" | "text";
}

/** The formats an essay takes besides plain text, by their names (a refusal's details carry them). */
export const ESSAY_FILE_FORMATS = "PDF, PNG, JPEG, DOCX, ZIP";
export const ALLOWED_ESSAY_FILES = `${ESSAY_FILE_FORMATS} or plain text (UTF-8)`;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

export function detectEssayFileType(bytes: Uint8Array): EssayFileType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, PDF)) return { contentType: "application/pdf", kind: "PDF" };
  if (startsWith(bytes, PNG)) return { contentType: "image/png", kind: "PNG" };
  if (startsWith(bytes, JPEG)) return { contentType: "image/jpeg", kind: "JPEG" };
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) {
    // Entry names are stored uncompressed in each local header, so the Word part is found by its name.
    const isDocx = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("word/document.xml");
    return isDocx
      ? { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", kind: "DOCX" }
      : { contentType: "application/zip", kind: "ZIP" };
  }
  if (isPlainText(bytes)) return { contentType: "text/plain; charset=utf-8", kind: "text" };
  return null;
}

function isPlainText(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
    if (b === 0x7f) return false;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
