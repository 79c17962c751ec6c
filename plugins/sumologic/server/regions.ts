/** The 9 deployments the form offers (spec part 2 §3), as Sumo Logic names them. */
export const SUMOLOGIC_REGIONS = [
  { value: 'au', label: 'Asia Pacific (Sydney)' },
  { value: 'ca', label: 'Canada (Central)' },
  { value: 'de', label: 'EU (Frankfurt)' },
  { value: 'eu', label: 'EU (Ireland)' },
  { value: 'fed', label: 'US East (N. Virginia), FedRAMP' },
  { value: 'in', label: 'Asia Pacific (Mumbai)' },
  { value: 'jp', label: 'Asia Pacific (Tokyo)' },
  { value: 'us1', label: 'US East (N. Virginia)' },
  { value: 'us2', label: 'US West (Oregon)' },
] as const;

/** Spec part 2 §9: "other provider default region au". */
export const DEFAULT_SUMOLOGIC_REGION = 'au';

/** Sumo Logic's API host of a deployment: us1 is the one without the deployment in its name. */
export function sumoLogicApiUrl(region: string): string {
  return region === 'us1' ? 'https://api.sumologic.com' : `https://api.${region}.sumologic.com`;
}
