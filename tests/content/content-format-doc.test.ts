import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { contentFileSchemas, fieldName, fieldPaths } from "../support/content-fields";

// docs/content-format.md describes every field the importer reads: each field of a file's schema is
// named (in backticks) in that file's section.

const doc = readFileSync(path.join(process.cwd(), "docs/content-format.md"), "utf8");

/** The text of the section headed "## `FILE`", up to the next "## " heading. */
function section(file: string): string {
  const start = doc.indexOf(`\n## \`${file}\``);
  if (start < 0) return "";
  const next = doc.indexOf("\n## ", start + 1);
  return doc.slice(start, next < 0 ? undefined : next);
}

describe("docs/content-format.md", () => {
  for (const [file, schema] of Object.entries(contentFileSchemas)) {
    it(`names every field of ${file}`, () => {
      const text = section(file);
      expect(text, `a section headed ## \`${file}\``).not.toBe("");
      const names = [...new Set(fieldPaths(schema).map(fieldName))];
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((n) => !text.includes(`\`${n}\``))).toEqual([]);
    });
  }

  it("shows an example of each file that the importer accepts", () => {
    for (const [file, schema] of Object.entries(contentFileSchemas)) {
      const examples = [...section(file).matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
      expect(examples.length, file).toBeGreaterThan(0);
      for (const example of examples) {
        const result = schema.safeParse(YAML.parse(example));
        expect(result.success ? [] : result.error.issues, file).toEqual([]);
      }
    }
  });
});
