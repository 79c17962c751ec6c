import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { CloudWatchConfig } from '../api.js';
import { CLOUDWATCH_REGIONS, DEFAULT_CLOUDWATCH_REGION } from './regions.js';


export const CLOUDWATCH_FIELDS: readonly IntegrationField[] = [
  { key: 'awsAccessKeyId', label: 'AWS access key ID', kind: 'text', required: true, placeholder: 'AKIAIOSFODNN7EXAMPLE' },
  { key: 'awsSecretAccessKey', label: 'AWS secret access key', kind: 'secret', required: true },
  { key: 'logGroupName', label: 'Log group name', kind: 'text', required: true, placeholder: '/aws/lambda/my-backend' },
  { key: 'region', label: 'Region', kind: 'select', required: true, default: DEFAULT_CLOUDWATCH_REGION, options: CLOUDWATCH_REGIONS },
];

const LABELS: Record<keyof CloudWatchConfig, string> = {
  awsAccessKeyId: 'AWS access key ID',
  awsSecretAccessKey: 'AWS secret access key',
  logGroupName: 'Log group name',
  region: 'Region',
};

export function readCloudWatchConfig(config: IntegrationConfig): CloudWatchConfig {
  const text = (key: keyof CloudWatchConfig) => String(config[key] ?? '').trim();
  return { awsAccessKeyId: text('awsAccessKeyId'), awsSecretAccessKey: text('awsSecretAccessKey'), logGroupName: text('logGroupName'), region: text('region') || DEFAULT_CLOUDWATCH_REGION };
}

/**
 * Spec part 2 §5: "Cloud log: all four fields non-empty". The region must also be one the form
 * offers, since it names the host the signed request goes to.
 */
export function validateCloudWatchConfig(config: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const key of Object.keys(LABELS) as (keyof CloudWatchConfig)[]) {
    if (String(config[key] ?? '').trim() === '') problems[key] = `${LABELS[key]} is required`;
  }
  const region = String(config.region ?? '').trim();
  if (region && !CLOUDWATCH_REGIONS.some((r) => r.value === region)) problems.region = `Region must be one of ${CLOUDWATCH_REGIONS.map((r) => r.value).join(', ')}`;
  return problems;
}
