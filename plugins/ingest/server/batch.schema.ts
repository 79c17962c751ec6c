import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TrackerEventType } from '@cassette/tracker/protocol';
import { SESSION_ID_PATTERN } from '../api.js';

// Bounds are generous: a batch over them is refused whole, and the tracker drops refused batches.
const Ts = Type.Number({ minimum: 0, maximum: 10_000_000_000_000 });
const Url = Type.String({ maxLength: 8192 });
const Short = Type.String({ maxLength: 1024 });
const Text = Type.String({ maxLength: 65_536 });
const Payload = Type.String({ maxLength: 1_048_576 });
const Ms = Type.Number({ minimum: -1, maximum: 86_400_000 });
const Bytes = Type.Number({ minimum: 0, maximum: 1e12 });
const Headers = Type.Record(Type.String({ maxLength: 256 }), Type.String({ maxLength: 8192 }), { maxProperties: 100 });
const InputMode = Type.Union([Type.Literal('plain'), Type.Literal('obscured'), Type.Literal('hidden')]);

const event = <P extends Record<string, TSchema>>(type: TrackerEventType, props: P) => Type.Object({ type: Type.Literal(type), ts: Ts, ...props });

/** One schema per semantic event type of the protocol (extra fields are allowed and kept). */
const EVENT_SCHEMAS: Record<TrackerEventType, TSchema> = {
  page: event('page', { url: Url, referrer: Url, title: Short }),
  page_timing: event('page_timing', {
    url: Url,
    timings: Type.Object(
      Object.fromEntries(
        ['ttfb', 'domContentLoaded', 'domComplete', 'load', 'firstContentfulPaint', 'largestContentfulPaint', 'speedIndex', 'timeToInteractive', 'domBuilding', 'firstPaint', 'responseTime', 'responseEnd', 'domContentLoadedStart'].map((k) => [k, Type.Optional(Ms)]),
      ),
    ),
  }),
  click: event('click', {
    selector: Text,
    label: Short,
    x: Type.Optional(Type.Number()),
    y: Type.Optional(Type.Number()),
    tag: Type.Optional(Type.String({ maxLength: 64 })),
    rx: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    ry: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  }),
  scroll: event('scroll', { depth: Type.Number({ minimum: 0, maximum: 10_000_000 }), height: Type.Number({ minimum: 0, maximum: 10_000_000 }) }),
  input: event('input', { selector: Text, label: Short, value: Text, mode: InputMode }),
  custom: event('custom', { name: Short, payload: Type.Optional(Type.Unknown()) }),
  user_id: event('user_id', { userId: Type.String({ maxLength: 256 }) }),
  user_anonymous_id: event('user_anonymous_id', { userAnonymousId: Type.String({ maxLength: 256 }) }),
  metadata: event('metadata', { key: Type.String({ minLength: 1, maxLength: 64 }), value: Short }),
  console: event('console', {
    level: Type.Union(['info', 'log', 'warning', 'warn', 'error', 'exception'].map((l) => Type.Literal(l))),
    value: Text,
  }),
  error: event('error', {
    source: Type.Union([Type.Literal('js_exception'), Type.Literal('unhandled_rejection'), Type.Literal('handled')]),
    name: Short,
    message: Text,
    stack: Type.Optional(Text),
  }),
  request: event('request', {
    kind: Type.Union([Type.Literal('fetch'), Type.Literal('xhr')]),
    url: Url,
    method: Type.String({ maxLength: 32 }),
    status: Type.Integer({ minimum: 0, maximum: 999 }),
    duration: Ms,
    requestSize: Type.Optional(Bytes),
    responseSize: Type.Optional(Bytes),
    requestHeaders: Type.Optional(Headers),
    responseHeaders: Type.Optional(Headers),
    requestBody: Type.Optional(Payload),
    responseBody: Type.Optional(Payload),
  }),
  graphql: event('graphql', {
    operationKind: Type.Union([Type.Literal('query'), Type.Literal('mutation'), Type.Literal('subscription')]),
    operationName: Short,
    duration: Type.Optional(Ms),
    variables: Type.Optional(Payload),
    response: Type.Optional(Payload),
  }),
  state_action: event('state_action', { action: Short, payload: Type.Optional(Payload) }),
  resource: event('resource', { url: Url, initiator: Type.String({ maxLength: 64 }), duration: Ms, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })), transferSize: Type.Optional(Bytes), failed: Type.Boolean() }),
  performance: event('performance', {
    cpu: Type.Number({ minimum: 0, maximum: 100 }),
    memoryUsed: Type.Optional(Bytes),
    memoryTotal: Type.Optional(Bytes),
    fps: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  }),
  issue: event('issue', { issueType: Type.String({ minLength: 1, maxLength: 64 }), payload: Type.Optional(Type.Unknown()) }),
};

/** rrweb events are checked structurally here; their DOM content is the sanitizer's business. */
const RECORDING_EVENT = Type.Object({
  type: Type.Integer({ minimum: 0, maximum: 100 }),
  timestamp: Ts,
  data: Type.Object({}),
  delay: Type.Optional(Type.Number()),
});

/** `BatchRequest` with events left open: each event is then checked against its own type's schema. */
export const BATCH_ENVELOPE = Type.Object({
  sessionId: Type.String({ pattern: SESSION_ID_PATTERN }),
  seq: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  sentAt: Ts,
  pageNo: Type.Integer({ minimum: 0, maximum: 100_000 }),
  recording: Type.Array(Type.Unknown(), { maxItems: 200_000 }),
  events: Type.Array(Type.Object({ type: Type.String({ maxLength: 32 }) }), { maxItems: 50_000 }),
  final: Type.Optional(Type.Boolean()),
});

export type BatchEnvelope = Static<typeof BATCH_ENVELOPE>;

const envelopeCheck = TypeCompiler.Compile(BATCH_ENVELOPE);
const recordingCheck = TypeCompiler.Compile(RECORDING_EVENT);
const eventChecks = new Map<string, TypeCheck<TSchema>>(Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [type, TypeCompiler.Compile(schema)]));

function firstError(check: TypeCheck<TSchema>, value: unknown, where: string): string | null {
  if (check.Check(value)) return null;
  const error = check.Errors(value).First();
  const path = error?.path ? `${where}${error.path.replace(/\//g, '.')}` : where;
  return `${path}: ${error?.message ?? 'invalid value'}`;
}

/** The first problem with a parsed batch body, as a sentence naming where it is; null when valid. */
export function batchProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'The batch must be a JSON object';
  const envelope = firstError(envelopeCheck, value, 'batch');
  if (envelope) return envelope;
  const batch = value as BatchEnvelope;
  for (let i = 0; i < batch.recording.length; i++) {
    const problem = firstError(recordingCheck, batch.recording[i], `recording[${i}]`);
    if (problem) return problem;
  }
  for (let i = 0; i < batch.events.length; i++) {
    const type = batch.events[i]!.type;
    const check = eventChecks.get(type);
    if (!check) return `events[${i}].type: unknown event type ${JSON.stringify(type.slice(0, 32))}`;
    const problem = firstError(check, batch.events[i], `events[${i}]`);
    if (problem) return problem;
  }
  return null;
}
