import { describe, expect, it } from "vitest";
import { peopleCsvTemplate, problemText, readPeopleCsv } from "@/lib/server/services/studio-people/people-csv";

const now = new Date("2026-11-27T00:00:00Z");
const context = { batchKeys: new Set(["jan-2027", "feb-2027"]), now };
const HEADER = "email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry";
const read = (text: string | Uint8Array) => readPeopleCsv(text, context);

describe("the people CSV checker", () => {
  it("reads quoted commas and quotes, a BOM, CRLF, any column order and case, and fills defaults", () => {
    const text = `\uFEFFname,EMAIL,plan,userKind,role,batch,preferredLanguage,accessExpiry\r\n"Rao, Asha",Asha@Example.com,premium,,,jan-2027; feb-2027,tamil,2027-01-31\r\n"Say ""hi""",b@example.com,,,,,,\r\n`;
    const { rows, problems } = read(text);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        email: "asha@example.com",
        name: "Rao, Asha",
        userKind: "Customer",
        plan: "Premium",
        role: "learner",
        preferredLanguage: "Tamil",
        batches: ["jan-2027", "feb-2027"],
        accessExpiresAt: new Date("2027-02-01T00:00:00Z"),
      },
      { line: 3, email: "b@example.com", name: 'Say "hi"', userKind: "Customer", plan: "Basic", role: "learner", preferredLanguage: "English", batches: [], accessExpiresAt: null },
    ]);
  });

  it("names every bad row by its line, with every reason of that row", () => {
    const text = [
      HEADER,
      "ok@example.com,Ok,,,,,,",
      "bad,,Robot,Gold,nope,owner,Klingon,2026-02-30",
      "OK@example.com,Twice,,,,,,",
      "past@example.com,Past,,,,,,2020-01-01",
      "late@example.com,Late,,,,,,next year",
      'multi@example.com,"Two\nLines",,,,,,',
      "after@example.com,After,,,,,,2027-01-01T10:00:00+05:30",
    ].join("\n");
    const { rows, problems } = read(text);
    expect(rows.map((r) => [r.line, r.email])).toEqual([
      [2, "ok@example.com"],
      [8, "multi@example.com"],
      [9, "after@example.com"],
    ]);
    expect(problems.map(problemText)).toEqual([
      'line 3: email "bad": Enter a valid e-mail address, like name@company.com; name is missing; userKind "Robot" is not one of Customer, Employee; plan "Gold" is not one of Basic, Premium; role "owner" is not one of learner, grader, author, admin; preferredLanguage "Klingon" is not one of English, Hindi, Tamil, Telugu, Others; batch "nope" does not exist; accessExpiry "2026-02-30" is not a date of the calendar',
      "line 4: email ok@example.com is already on line 2",
      'line 5: accessExpiry "2020-01-01" is in the past',
      'line 6: accessExpiry "next year" is not a date: write YYYY-MM-DD, like 2027-01-31',
    ]);
  });

  it("names the missing, unknown and doubled header columns", () => {
    expect(read("email,name,userKind,plan,batch,role,preferredLanguage\nx@example.com,X,,,,,\n").problems).toEqual([
      { line: 1, message: "the header lacks the column accessExpiry (the columns are email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry)" },
    ]);
    expect(read(`${HEADER},phone\n`).problems.map((p) => p.message)).toEqual([expect.stringContaining('unknown column "phone"')]);
    expect(read(`${HEADER},email\n`).problems.map((p) => p.message)).toEqual(["the column email appears twice"]);
    expect(read("email,name\n").problems[0]!.message).toContain("lacks the columns userKind, plan, batch, role, preferredLanguage, accessExpiry");
  });

  it("refuses an empty file, a header with no people, a row with too many fields, broken quoting and text that is not UTF-8", () => {
    for (const empty of ["", "\uFEFF", " \r\n\r\n"]) expect(read(empty).problems).toEqual([{ line: null, message: expect.stringContaining("The file is empty") }]);
    expect(read(`${HEADER}\r\n`).problems).toEqual([{ line: null, message: expect.stringContaining("no people") }]);
    expect(read(`${HEADER}\na@example.com,Rao, Asha,,,,,,\n`).problems[0]).toEqual({ line: 2, message: expect.stringContaining("it has 9 fields, the header 8") });
    const broken = read(`${HEADER}\na@example.com,"Rao,,,,,,\n`);
    expect(broken.rows).toEqual([]);
    expect(broken.problems[0]!.message).toContain("not valid CSV");
    expect(read(new Uint8Array([0x65, 0x6d, 0xff, 0xfe, 0x0a])).problems[0]!.message).toContain("not UTF-8");
  });

  it("accepts its own template", () => {
    const { rows, problems } = readPeopleCsv(peopleCsvTemplate(), { batchKeys: new Set(), now });
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(["Asha Rao", "Iyer, Vikram"]);
  });
});
