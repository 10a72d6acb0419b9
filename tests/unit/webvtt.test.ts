import { describe, expect, it } from "vitest";
import { mediaRefusal } from "@/lib/contract/media-limits";
import { checkWebVtt, parseVttTimestamp } from "@/lib/webvtt";

describe("checkWebVtt", () => {
  it("reads the cues of a valid file, with identifiers, settings, notes and a byte-order mark", () => {
    const file = "\uFEFFWEBVTT - English\nKind: captions\n\nNOTE made by hand\n\n1\n00:00.000 --> 00:02.500 align:start\nHello\nthere\n\nintro\n01:00:01.000 --> 01:00:03.000\nLater\n";
    const checked = checkWebVtt(file);
    expect(checked).toEqual({
      ok: true,
      cues: [
        { start: 0, end: 2.5, text: "Hello\nthere" },
        { start: 3601, end: 3603, text: "Later" },
      ],
    });
  });

  it("accepts Windows line ends", () => {
    expect(checkWebVtt("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n").ok).toBe(true);
  });

  it("refuses a file without the WEBVTT signature on line 1 (an SRT file, say)", () => {
    expect(checkWebVtt("1\n00:00:01,000 --> 00:00:02,000\nHi\n")).toEqual({ ok: false, line: 1, message: expect.stringContaining('Line 1 must start with "WEBVTT"') });
    expect(checkWebVtt("WEBVTTX\n").ok).toBe(false);
  });

  it("names the line of a timing with a comma, an end before its start, or a missing blank line", () => {
    expect(checkWebVtt("WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\n00:03,000 --> 00:04.000\nB\n")).toMatchObject({ ok: false, line: 6 });
    expect(checkWebVtt("WEBVTT\n\n00:05.000 --> 00:02.000\nA\n")).toMatchObject({ ok: false, line: 3, message: expect.stringContaining("ends (00:02.000) before or when it starts (00:05.000)") });
    expect(checkWebVtt("WEBVTT\n\n00:01.000 --> 00:02.000\nA\n00:03.000 --> 00:04.000\nB\n")).toMatchObject({ ok: false, line: 5, message: expect.stringContaining("is a blank line missing") });
    expect(checkWebVtt("WEBVTT\n\ncue-id\nno timing here\n")).toMatchObject({ ok: false, line: 3 });
    expect(checkWebVtt("WEBVTT\n00:01.000 --> 00:02.000\nA\n")).toMatchObject({ ok: false, line: 2 });
  });

  it("reads timestamps with and without hours, and refuses malformed ones", () => {
    expect(parseVttTimestamp("00:01.500")).toBe(1.5);
    expect(parseVttTimestamp("02:00:00.000")).toBe(7200);
    expect(parseVttTimestamp("0:01.500")).toBeNull();
    expect(parseVttTimestamp("00:60.000")).toBeNull();
    expect(parseVttTimestamp("00:01.5")).toBeNull();
  });
});

describe("mediaRefusal", () => {
  it("accepts what each kind allows, up to its size, and says what is wrong otherwise", () => {
    expect(mediaRefusal("video", "Lesson.MP4", 2048 * 1024 * 1024)).toBeNull();
    expect(mediaRefusal("video", "lesson.mp4", 2048 * 1024 * 1024 + 1)).toMatchObject({ reason: "size" });
    expect(mediaRefusal("document", "syllabus.docx", 20 * 1024 * 1024)).toBeNull();
    expect(mediaRefusal("document", "slides.pptx", 10)).toEqual({ reason: "type", message: '"slides.pptx" is not accepted as a document: .pptx files are not allowed (allowed: PDF or DOCX, up to 20 MB).' });
    expect(mediaRefusal("image", "cover.webp", 5 * 1024 * 1024 + 1)).toEqual({ reason: "size", message: '"cover.webp" is 5.0 MB, larger than the limit for an image (PNG, JPEG or WebP, up to 5 MB).' });
    expect(mediaRefusal("captions", "en.vtt", 0)).toMatchObject({ reason: "empty" });
    expect(mediaRefusal("captions", "en", 10)).toMatchObject({ reason: "type" });
    expect(mediaRefusal("audio", "a.mp3", 10)).toMatchObject({ reason: "kind" });
  });
});
