// npm run certificates -- revoke UID [--reason TEXT] | reissue UID | verify FILE_OR_URL
//   revoke:  the share page answers 410 and the credential's status says revoked; nothing else is issued for that course.
//   reissue: clears a revocation; the same UID and address.
//   verify:  checks a signed credential (a .jwt file, or a certificate's share address) as any third party would,
//            from what the issuer publishes (its did:web document and status list); needs no database.
import { existsSync, readFileSync } from "node:fs";

const [command, target] = process.argv.slice(2);
const usage = "Usage: npm run certificates -- revoke UID [--reason TEXT] | reissue UID | verify FILE_OR_URL";
if (!command || !target || !["revoke", "reissue", "verify"].includes(command)) {
  console.error(usage);
  process.exit(2);
}
if (command === "verify") {
  for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
  const { httpResolvers, verifyCredential } = await import("@/lib/server/credentials/verify");
  let jwt: string;
  if (/^https?:\/\//.test(target)) {
    const share = new URL(target);
    const uid = share.pathname.split("/").filter(Boolean).pop() ?? "";
    const res = await fetch(new URL(`/api/certificates/${encodeURIComponent(uid)}/credential`, share.origin));
    if (!res.ok) {
      console.error(`${target}: the credential answered ${res.status}${res.status === 410 ? " (revoked)" : ""}`);
      process.exit(1);
    }
    jwt = (await res.text()).trim();
  } else {
    jwt = readFileSync(target, "utf8").trim();
  }
  const result = await verifyCredential(jwt, httpResolvers());
  for (const check of result.checks) console.log(`${check.passed ? "ok  " : "FAIL"} ${check.name}: ${check.message}`);
  console.log(result.verified ? "verified" : "NOT verified");
  process.exit(result.verified ? 0 : 1);
}

const { runCommand } = await import("./support/app-database");
await runCommand("certificates", process.argv.slice(2));
