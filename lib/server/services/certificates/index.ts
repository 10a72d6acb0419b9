/**
 * The certificates area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name), and what other areas use: issuing
 * the certificates that fell due, and a certificate as the contract shows it.
 */
export { certificatesEarned, issuedCertificate, type CertificateRow } from "./certificate-records";
export { issueAfterCompletion, issueEarnedCertificates } from "./issue-certificates";
export { listCertificates } from "./list-certificates";
export { getPublicCertificate } from "./get-public-certificate";
export { getCertificateStatus } from "./get-certificate-status";
export { generateCertificates } from "./generate-certificates";
export { revokeCertificate } from "./revoke-certificate";
export { reissueCertificate } from "./reissue-certificate";
export { getIssuerJwks } from "./get-issuer-jwks";
export { getIssuerDidDocument } from "./get-issuer-did-document";
export { signedStatusList } from "./certificate-credential";
export { getCertificateCredential } from "./get-public-certificate";
export { reissueCertificateRow, revokeCertificateRow, withdrawHolderCertificates } from "./certificate-decisions";
