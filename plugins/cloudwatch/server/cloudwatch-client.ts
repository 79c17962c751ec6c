import aws4 from 'aws4';
import { integrationFailure, toolTransportFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import type { CloudWatchConfig } from '../api.js';
import type { CloudWatchSettings } from './settings.js';

/** The CloudWatch Logs API version every action of the JSON 1.1 protocol is addressed with. */
const TARGET_PREFIX = 'Logs_20140328';

/** `https://logs.<region>.amazonaws.com`, or the operator's endpoint with `{region}` filled. */
export function cloudWatchEndpoint(settings: CloudWatchSettings, region: string): URL {
  return new URL(settings.endpoint.replaceAll('{region}', region));
}

/**
 * One CloudWatch Logs action: a POST of JSON to the endpoint's root, signed with Signature V4
 * for the `logs` service in the project's region. AWS's error answers become failures the user
 * can act on.
 */
export async function callCloudWatchLogs<T>(action: string, input: object, config: CloudWatchConfig, settings: CloudWatchSettings, ctx: IntegrationContext): Promise<T> {
  const url = cloudWatchEndpoint(settings, config.region);
  const body = JSON.stringify(input);
  const signed = aws4.sign(
    {
      host: url.host,
      path: url.pathname,
      method: 'POST',
      service: 'logs',
      region: config.region,
      body,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `${TARGET_PREFIX}.${action}`,
        'x-amz-date': amzDate(ctx.now()),
      },
    },
    { accessKeyId: config.awsAccessKeyId, secretAccessKey: config.awsSecretAccessKey },
  );
  const headers = Object.fromEntries(Object.entries(signed.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
  let response;
  try {
    response = await ctx.outboundHttp.fetch(url.href, { method: 'POST', headers, body, timeoutMs: settings.timeoutMs, maxRedirects: 0 });
  } catch (error) {
    throw toolTransportFailure({ tool: 'CloudWatch', url: url.href, timeoutMs: settings.timeoutMs }, error);
  }
  const text = response.body.toString('utf8');
  if (response.status >= 200 && response.status < 300) {
    try {
      return JSON.parse(text) as T;
    } catch {
      throw integrationFailure('bad_answer', `CloudWatch answered ${action} with something that is not JSON: check the CloudWatch endpoint setting.`);
    }
  }
  throw failureFromAwsError(response.status, text, config, response.headers['retry-after']);
}

/** `20261127T024131Z`, the form Signature V4 dates take. */
function amzDate(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/[:-]|\.\d{3}/g, '');
}

/** AWS JSON errors: `{"__type": "…#ResourceNotFoundException", "message": "…"}` (some services spell it `Message`). */
export function failureFromAwsError(status: number, text: string, config: CloudWatchConfig, retryAfter?: string | string[]): Error {
  let type = '';
  let said = '';
  try {
    const parsed = JSON.parse(text) as { __type?: string; message?: string; Message?: string };
    type = (parsed.__type ?? '').split('#').pop() ?? '';
    said = parsed.message ?? parsed.Message ?? '';
  } catch {
    // Not an AWS error document: the status alone decides.
  }
  const quoted = said ? ` ("${said}")` : '';
  if (status === 429 || type === 'ThrottlingException' || type === 'LimitExceededException') {
    const seconds = Number(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    return integrationFailure('rate_limited', 'CloudWatch is limiting requests from this access key (rate exceeded): try again in a minute.', Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);
  }
  switch (type) {
    case 'UnrecognizedClientException':
    case 'InvalidClientTokenId':
      return integrationFailure('auth', `CloudWatch does not know the access key ID ${config.awsAccessKeyId}${quoted}: check the AWS access key ID.`);
    case 'InvalidSignatureException':
    case 'SignatureDoesNotMatch':
    case 'IncompleteSignatureException':
      return integrationFailure('auth', `CloudWatch refused the request's signature${quoted}: check the AWS secret access key.`);
    case 'ExpiredTokenException':
      return integrationFailure('auth', `CloudWatch says the credentials have expired${quoted}: create a new access key.`);
    case 'AccessDeniedException':
      return integrationFailure('auth', `CloudWatch refused access to the log group${quoted}: allow logs:FilterLogEvents on "${config.logGroupName}" for this access key.`);
    case 'ResourceNotFoundException':
      return integrationFailure('not_found', `CloudWatch has no log group "${config.logGroupName}" in ${config.region}: check the log group name and the region.`);
  }
  if (status === 401 || status === 403) return integrationFailure('auth', `CloudWatch refused the credentials${quoted}: check the access key ID and the secret access key.`);
  if (status >= 500) return integrationFailure('unreachable', `CloudWatch answered ${status}${quoted}: the service is unavailable, try again later.`);
  return integrationFailure('bad_answer', `CloudWatch answered ${status}${quoted}: check the configuration.`);
}
