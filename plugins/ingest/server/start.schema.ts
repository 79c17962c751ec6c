import { Type, type Static } from '@sinclair/typebox';
import { SESSION_ID_PATTERN } from '../api.js';

const Size = Type.Object({ width: Type.Integer({ minimum: 0, maximum: 100_000 }), height: Type.Integer({ minimum: 0, maximum: 100_000 }) });

/** `StartRequest` of @cassette/tracker/protocol, with every size bounded. */
export const START_BODY = Type.Object({
  projectKey: Type.String({ minLength: 1, maxLength: 64 }),
  trackerVersion: Type.String({ minLength: 1, maxLength: 32 }),
  protocolVersion: Type.Integer({ minimum: 1, maximum: 1000 }),
  timestamp: Type.Number({ minimum: 0, maximum: 10_000_000_000_000 }),
  url: Type.String({ maxLength: 2048 }),
  referrer: Type.String({ maxLength: 2048 }),
  title: Type.String({ maxLength: 512 }),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
  language: Type.Optional(Type.String({ maxLength: 35 })),
  screen: Size,
  viewport: Size,
  maxTouchPoints: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  userId: Type.Optional(Type.String({ maxLength: 256 })),
  userAnonymousId: Type.Optional(Type.String({ maxLength: 256 })),
  userUuid: Type.Optional(Type.String({ maxLength: 64, pattern: '^[0-9A-Za-z-]*$' })),
  metadata: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.String({ maxLength: 1024 }), { maxProperties: 10 })),
  revId: Type.Optional(Type.String({ maxLength: 128 })),
  resume: Type.Optional(Type.Object({ sessionId: Type.String({ pattern: SESSION_ID_PATTERN }), token: Type.String({ minLength: 1, maxLength: 1024 }) })),
});

export type StartBody = Static<typeof START_BODY>;
