import { integrationFailure, toolTransportFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import type { StackdriverSettings } from './settings.js';

/** A LogEntry of the Cloud Logging API v2. */
export interface LogEntry {
  logName?: string;
  timestamp?: string;
  severity?: string;
  textPayload?: string;
  jsonPayload?: Record<string, unknown>;
  insertId?: string;
  labels?: Record<string, string>;
  resource?: { type?: string; labels?: Record<string, string> };
}

export interface EntriesListRequest {
  resourceNames: string[];
  filter: string;
  orderBy: 'timestamp asc' | 'timestamp desc';
  pageSize: number;
  pageToken?: string;
}

export interface EntriesListResponse {
  entries?: LogEntry[];
  nextPageToken?: string;
}

/** `POST /v2/entries:list` with the access token; Google's error document (`{ error: { code, message, status } }`) becomes a failure the user can act on. */
export async function listEntries(request: EntriesListRequest, accessToken: string, logName: string, settings: StackdriverSettings, ctx: IntegrationContext): Promise<EntriesListResponse> {
  let response;
  try {
    response = await ctx.outboundHttp.fetch(`${settings.apiUrl.replace(/\/+$/, '')}/v2/entries:list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
      timeoutMs: settings.timeoutMs,
      maxRedirects: 0,
    });
  } catch (error) {
    throw toolTransportFailure({ tool: 'Google Cloud Logging', url: settings.apiUrl, timeoutMs: settings.timeoutMs }, error);
  }
  const text = response.body.toString('utf8');
  if (response.status === 200) {
    try {
      return JSON.parse(text) as EntriesListResponse;
    } catch {
      throw integrationFailure('bad_answer', 'Google Cloud Logging answered with something that is not JSON: check the Cloud Logging API URL setting.');
    }
  }
  let error: { message?: string; status?: string } = {};
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error ?? {};
  } catch {
    // Judged by the status below.
  }
  const quoted = error.message ? ` ("${error.message}")` : '';
  if (response.status === 429 || error.status === 'RESOURCE_EXHAUSTED') {
    throw integrationFailure('rate_limited', 'Google Cloud Logging is limiting reads for this project (quota exceeded): try again in a minute.');
  }
  if (response.status === 401) throw integrationFailure('auth', `Google Cloud Logging refused the access token${quoted}: check the service account credentials.`);
  if (response.status === 403) {
    throw integrationFailure('auth', `Google Cloud Logging refused the service account${quoted}: give it the Logs Viewer role (roles/logging.viewer) on the project.`);
  }
  if (response.status === 404) throw integrationFailure('not_found', `Google Cloud Logging does not know the project or log "${logName}"${quoted}: check the log name and the key file's project.`);
  if (response.status === 400) throw integrationFailure('bad_answer', `Google Cloud Logging refused the query${quoted}: check the log name.`);
  throw integrationFailure(response.status >= 500 ? 'unreachable' : 'bad_answer', `Google Cloud Logging answered ${response.status}${quoted}: try again later.`);
}
