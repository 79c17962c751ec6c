import { readSiteHost } from '@cassette/plugin-sdk';
import { badRequest } from '@cassette/plugin-sdk/server';

/** The normalized host of a project, or a 400 that says what to enter. */
export function siteHostOrRefuse(input: string): string {
  const reading = readSiteHost(input);
  if (!reading.ok) throw badRequest(reading.error);
  return reading.host;
}
