import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

/** Most recording events one live message carries (a burst is split by the tracker). */
export const MAX_LIVE_EVENTS = 500;

const agentId = Type.String({ pattern: '^[a-z0-9]{8,40}$' });
const nodeId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const fraction = Type.Number({ minimum: 0, maximum: 1 });

export const rtcSignal = Type.Union([
  Type.Object({ kind: Type.Union([Type.Literal('offer'), Type.Literal('answer')]), sdp: Type.String({ maxLength: 20_000 }) }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('candidate'),
      candidate: Type.String({ maxLength: 1000 }),
      sdpMid: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
      sdpMLineIndex: Type.Union([Type.Integer({ minimum: 0, maximum: 64 }), Type.Null()]),
    },
    { additionalProperties: false },
  ),
]);

export const agentInput = Type.Union([
  Type.Object({ kind: Type.Literal('pointer'), x: fraction, y: fraction }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('click'), id: nodeId }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('type'), id: nodeId, text: Type.String({ maxLength: 500 }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('key'), id: nodeId, key: Type.Union([Type.Literal('Enter'), Type.Literal('Backspace'), Type.Literal('Tab')]) }, { additionalProperties: false }),
]);

/** An rrweb event as far as the relay checks it: its shape; `sanitizeRecording` makes its content inert. */
const recordingEvent = Type.Object({ type: Type.Integer({ minimum: 0, maximum: 6 }), timestamp: Type.Number({ minimum: 0 }), data: Type.Unknown() });

export const visitorMessage = Type.Union([
  Type.Object({ type: Type.Literal('events'), events: Type.Array(recordingEvent, { minItems: 1, maxItems: MAX_LIVE_EVENTS }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('call'), agentId, action: Type.Union([Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('ended')]) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('signal'), agentId, signal: rtcSignal }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('control'), agentId, action: Type.Union([Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('stopped')]) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('refused'), agentId, reason: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
]);

export const agentMessage = Type.Union([
  Type.Object({ type: Type.Literal('call'), action: Type.Union([Type.Literal('request'), Type.Literal('hangup')]), video: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('signal'), signal: rtcSignal }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('control'), action: Type.Union([Type.Literal('request'), Type.Literal('stop')]) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('input'), input: agentInput }, { additionalProperties: false }),
]);

export type CheckedVisitorMessage = Static<typeof visitorMessage>;
export type CheckedAgentMessage = Static<typeof agentMessage>;

/** JSON nested deeper than this is refused before it is parsed (a DOM tree in a full snapshot is deep). */
const MAX_DEPTH = 200;

function tooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** Reads one socket message: the checked value, or what is wrong with it (never throws). */
export function readMessage<S extends TSchema>(check: ReturnType<typeof TypeCompiler.Compile<S>>, text: string): { ok: true; value: Static<S> } | { ok: false; error: string } {
  if (tooDeep(text)) return { ok: false, error: `The message is nested more than ${MAX_DEPTH} levels deep` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The message is not JSON' };
  }
  if (check.Check(value)) return { ok: true, value: value as Static<S> };
  const first = check.Errors(value).First();
  return { ok: false, error: first ? `${first.path || 'message'}: ${first.message}` : 'The message has an unknown shape' };
}

export const visitorMessageCheck = TypeCompiler.Compile(visitorMessage);
export const agentMessageCheck = TypeCompiler.Compile(agentMessage);
