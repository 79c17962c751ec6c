import { describe, expect, it } from 'vitest';
import { canonicalRequest, expectedSignature, parseAuthorization } from './sigv4.js';

// The worked example of AWS's Signature Version 4 documentation (IAM ListUsers, 2015-08-30),
// so the stand-in's check is held to AWS's published numbers rather than to the signing library.
const EXAMPLE = {
  method: 'GET',
  url: '/?Action=ListUsers&Version=2010-05-08',
  headers: { host: 'iam.amazonaws.com', 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'x-amz-date': '20150830T123600Z' },
  body: Buffer.alloc(0),
};
const AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7';

describe('Signature V4 recomputed from the documented algorithm', () => {
  it("builds AWS's canonical request and reaches AWS's signature for the documented example", () => {
    const auth = parseAuthorization(AUTHORIZATION)!;
    expect(auth).toMatchObject({ accessKeyId: 'AKIDEXAMPLE', date: '20150830', region: 'us-east-1', service: 'iam', signedHeaders: ['content-type', 'host', 'x-amz-date'] });
    expect(canonicalRequest(EXAMPLE, auth.signedHeaders)).toBe(
      [
        'GET',
        '/',
        'Action=ListUsers&Version=2010-05-08',
        'content-type:application/x-www-form-urlencoded; charset=utf-8',
        'host:iam.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'content-type;host;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(expectedSignature(EXAMPLE, auth, 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY')).toBe(auth.signature);
    expect(expectedSignature(EXAMPLE, auth, 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEz')).not.toBe(auth.signature);
  });
});
