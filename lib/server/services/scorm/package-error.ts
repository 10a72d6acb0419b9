import "server-only";

/** What is wrong with a refused package; each has its own message. */
export type ScormPackageProblem =
  | "notZip"
  | "unsafePath"
  | "link"
  | "duplicateEntry"
  | "tooLarge"
  | "tooManyFiles"
  | "noManifest"
  | "manifestNotXml"
  | "manifestInvalid"
  | "launchMissing";

/** A package refused at import or upload; `message` names the problem for the author. */
export class ScormPackageError extends Error {
  constructor(
    readonly problem: ScormPackageProblem,
    message: string,
  ) {
    super(message);
    this.name = "ScormPackageError";
  }
}
