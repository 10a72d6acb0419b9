import { describe, expect, it } from "vitest";
import { detectEssayFileType } from "@/lib/server/services/challenges/essay-file-type";

const bytes = (...parts: (string | number[])[]) => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p)))));
const kind = (b: Uint8Array) => detectEssayFileType(b)?.kind ?? null;

describe("the type of an essay attachment, read from its content", () => {
  it("recognises PDF, PNG, JPEG, DOCX, ZIP and UTF-8 text by their first bytes", () => {
    expect(kind(bytes("%PDF-1.4\n"))).toBe("PDF");
    expect(kind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe("PNG");
    expect(kind(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toBe("JPEG");
    expect(kind(bytes("PK", [3, 4], "....word/document.xml"))).toBe("DOCX");
    expect(kind(bytes("PK", [3, 4], "....notes.txt"))).toBe("ZIP");
    expect(kind(bytes("PK", [5, 6], Array(18).fill(0)))).toBe("ZIP");
    expect(kind(new TextEncoder().encode("Tabs\tand lines\r\nand ünïcödé ✓\n"))).toBe("text");
  });

  it("refuses programs, other binaries, broken UTF-8 and empty files, whatever they are called", () => {
    expect(kind(bytes("MZ", [0x90, 0, 3, 0]))).toBeNull();
    expect(kind(bytes([0x7f], "ELF", [2, 1, 1]))).toBeNull();
    expect(kind(bytes("GIF89a", [1, 0]))).toBeNull();
    expect(kind(bytes("text with a NUL", [0]))).toBeNull();
    expect(kind(bytes("escape", [0x1b], "[31m"))).toBeNull();
    expect(kind(bytes("caf", [0xe9]))).toBeNull();
    expect(kind(new Uint8Array(0))).toBeNull();
  });
});
