// Test kit of the CloudWatch plugin: a CloudWatch Logs stand-in that verifies Signature V4.
export { startCloudWatchStandIn } from './cloudwatch-stand-in.js';
export type { CloudWatchRequest, CloudWatchStandIn, CloudWatchStandInOptions, StandInLogEvent } from './cloudwatch-stand-in.js';
export { expectedSignature, parseAuthorization } from './sigv4.js';
