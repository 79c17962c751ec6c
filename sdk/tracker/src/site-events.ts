import type { TrackerEvent } from './protocol';

/**
 * The events a site reports through the tracker's methods (custom events, issues, GraphQL
 * operations, state actions), clipped to what the server keeps. Each returns null when the
 * call is not usable (no name), and the caller records nothing.
 */

const MAX_PAYLOAD = 10_000;

/** Payloads of custom events are kept as given when small, else as clipped JSON text. */
function bounded(payload: unknown): unknown {
  if (payload === undefined) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch {
    return String(payload).slice(0, MAX_PAYLOAD);
  }
  if (json === undefined) return undefined;
  return json.length <= MAX_PAYLOAD ? JSON.parse(json) : json.slice(0, MAX_PAYLOAD);
}

function asText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.slice(0, MAX_PAYLOAD);
  try {
    return JSON.stringify(value)?.slice(0, MAX_PAYLOAD);
  } catch {
    return String(value).slice(0, MAX_PAYLOAD);
  }
}

export function customEvent(name: string, payload: unknown, ts: number): TrackerEvent | null {
  if (typeof name !== 'string' || !name) return null;
  const e: TrackerEvent = { type: 'custom', ts, name: name.slice(0, 200) };
  const p = bounded(payload);
  if (p !== undefined) e.payload = p;
  return e;
}

export function issueEvent(type: string, payload: unknown, ts: number): TrackerEvent | null {
  if (typeof type !== 'string' || !type) return null;
  const e: TrackerEvent = { type: 'issue', ts, issueType: type.slice(0, 64) };
  const p = bounded(payload);
  if (p !== undefined) e.payload = p;
  return e;
}

/** Variables and response are kept only `withPayloads` (the project captures payloads). */
export function graphqlEvent(
  kind: 'query' | 'mutation' | 'subscription',
  name: string,
  variables: unknown,
  response: unknown,
  duration: number | undefined,
  withPayloads: boolean,
  ts: number,
): TrackerEvent {
  const e: TrackerEvent = { type: 'graphql', ts, operationKind: kind, operationName: String(name ?? '').slice(0, 200) };
  if (typeof duration === 'number' && Number.isFinite(duration)) e.duration = Math.max(0, Math.round(duration));
  if (withPayloads) {
    const v = asText(variables);
    const r = asText(response);
    if (v !== undefined) e.variables = v;
    if (r !== undefined) e.response = r;
  }
  return e;
}

/** A state-management action (Redux, Vuex, NgRx, ...); its payload only `withPayloads`. */
export function stateActionEvent(type: string, payload: unknown, withPayloads: boolean, ts: number): TrackerEvent {
  const e: TrackerEvent = { type: 'state_action', ts, action: String(type ?? '').slice(0, 200) };
  if (withPayloads) {
    const p = asText(payload);
    if (p !== undefined) e.payload = p;
  }
  return e;
}
