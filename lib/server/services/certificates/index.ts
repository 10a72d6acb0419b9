/** What other areas use of certificates: issuing the certificates that fell due, and a certificate as the contract shows it. */
export { certificatesEarned, issuedCertificate, type CertificateRow } from "./certificate-records";
export { issueAfterCompletion, issueEarnedCertificates } from "./issue-certificates";
