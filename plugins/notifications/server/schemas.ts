import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AnnounceInput, Announcement, Notification, NotifyInput } from '../api.js';

const ID = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** The largest time a JS Date can hold. */
const MAX_TIMESTAMP_MS = 8_640_000_000_000_000;
// Postgres refuses U+0000 in text and jsonb, so every string schema refuses it up front (400, not 500).
const NO_NUL = '^[^\\u0000]*$';
// Ajv checks these before any handler: http(s) with a host, nothing else (the handler re-checks with URL).
const HTTP_URL = Type.String({ maxLength: 2048, pattern: '^[hH][tT][tT][pP][sS]?://[^\\s/?#\\u0000]+[^\\s\\u0000]*$' });
// An app path (not protocol-relative) or an http(s) URL.
const LINK = Type.String({ maxLength: 2048, pattern: '^(/(?![/\\\\])[^\\s\\\\\\u0000]*|[hH][tT][tT][pP][sS]?://[^\\s/?#\\u0000]+[^\\s\\u0000]*)$' });
/** Text with at least one visible character. */
const TEXT = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$' });
const PLAIN = (options: { minLength?: number; maxLength: number }) => Type.String({ ...options, pattern: NO_NUL });

export const LEVEL = Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]);
export const SOURCE = Type.Union([Type.Literal('ALERT'), Type.Literal('SYNTHETIC'), Type.Literal('SYSTEM')]);

export const NOTIFICATION_LIST_LIMIT = 50;
export const ANNOUNCEMENT_LIST_LIMIT = 50;

export const NOTIFICATION_VIEW = Type.Object({
  notificationId: Type.Integer(),
  level: LEVEL,
  text: Type.Optional(Type.String()),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  link: Type.Optional(Type.String()),
  viewed: Type.Boolean(),
  type: Type.String(),
  createdAt: Type.Integer(),
  options: Type.Object({
    source: SOURCE,
    sourceId: Type.Optional(Type.String()),
    projectId: Type.Optional(Type.Integer()),
    sourceMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
  filterKey: Type.Optional(Type.String()),
});

export const ANNOUNCEMENT_VIEW = Type.Object({
  announcementId: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  description: Type.String(),
  imageUrl: Type.Optional(Type.String()),
  createdAt: Type.Integer(),
  viewed: Type.Boolean(),
  buttonUrl: Type.Optional(Type.String()),
  buttonText: Type.Optional(Type.String()),
});

export const COUNT_VIEW = Type.Object({ count: Type.Integer({ minimum: 0 }) });

export const NOTIFICATION_ID_PARAMS = Type.Object({ id: ID });

export const MARK_NOTIFICATIONS_BODY = Type.Object(
  {
    ids: Type.Optional(Type.Array(ID, { minItems: 1, maxItems: 500, uniqueItems: true })),
    /** Marks every notification created up to this time (ms), the newest one the user saw. */
    endTimestamp: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TIMESTAMP_MS - 1 })),
  },
  { additionalProperties: false },
);

const ANNOUNCEMENT_FIELDS = {
  title: TEXT(200),
  description: TEXT(5000),
  type: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$' })),
  buttonText: Type.Optional(TEXT(60)),
  buttonUrl: Type.Optional(HTTP_URL),
  imageUrl: Type.Optional(HTTP_URL),
};

/** What an admin posts: the service input without the tenant (the caller's) or a key. */
export const ANNOUNCEMENT_BODY = Type.Object(ANNOUNCEMENT_FIELDS, { additionalProperties: false });

/** The service's input: the kernel's own messages may also point the button at an app path. */
export const ANNOUNCE_INPUT = Type.Object(
  { tenantId: ID, key: Type.Optional(PLAIN({ minLength: 1, maxLength: 100 })), ...ANNOUNCEMENT_FIELDS, buttonUrl: Type.Optional(LINK) },
  { additionalProperties: false },
);

export const NOTIFY_INPUT = Type.Object(
  {
    tenantId: ID,
    projectId: Type.Optional(ID),
    userIds: Type.Optional(Type.Array(ID, { maxItems: 10_000 })),
    title: TEXT(200),
    description: Type.Optional(PLAIN({ maxLength: 5000 })),
    level: Type.Optional(LEVEL),
    link: Type.Optional(LINK),
    source: Type.Optional(SOURCE),
    sourceId: Type.Optional(PLAIN({ maxLength: 200 })),
    sourceMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    filterKey: Type.Optional(PLAIN({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);

/** Service calls come from other plugins' code: a bad input is a bug there, so it throws with the first reason. */
export function assertValid<S extends TSchema>(schema: S, value: unknown, what: string): asserts value is Static<S> {
  if (Value.Check(schema, value)) return;
  const first = [...Value.Errors(schema, value)][0];
  throw new Error(`${what}: ${first ? `${first.path || '/'} ${first.message}` : 'invalid input'}`);
}

// Compile-time proof that the documented API types and the schemas describe the same shapes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shapesAgree: [
  Same<Static<typeof NOTIFICATION_VIEW>, Notification>,
  Same<Static<typeof ANNOUNCEMENT_VIEW>, Announcement>,
  Same<Static<typeof NOTIFY_INPUT>, NotifyInput>,
  Same<Static<typeof ANNOUNCE_INPUT>, AnnounceInput>,
] = [true, true, true, true];
void shapesAgree;
