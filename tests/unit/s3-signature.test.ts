import { describe, expect, it } from "vitest";
import { EMPTY_PAYLOAD_HASH, signS3Request } from "@/lib/server/storage/s3-file-store";

describe("AWS Signature Version 4 for S3", () => {
  it("signs the GET example of the S3 documentation as AWS does", () => {
    const headers = signS3Request(
      { method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"), headers: { Range: "bytes=0-9" }, payloadHash: EMPTY_PAYLOAD_HASH },
      { region: "us-east-1", accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers).toMatchObject({ "x-amz-date": "20130524T000000Z", "x-amz-content-sha256": EMPTY_PAYLOAD_HASH, host: "examplebucket.s3.amazonaws.com" });
  });
});
