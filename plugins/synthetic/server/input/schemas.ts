import { Type } from '@sinclair/typebox';
import { DEVICES, EXPORT_FRAMEWORKS, NETWORK_PROFILES, STEP_TYPES, TEST_FRAMEWORKS } from '../../shared/model.js';

const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const literals = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

export const MAX_STEPS = 200;
export const MAX_SELECTORS = 10;

const stepBase = {
  key: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  imported: Type.Optional(Type.Boolean()),
  isDisabled: Type.Optional(Type.Boolean()),
};
const selectors = Type.Array(Type.String({ maxLength: 2000 }), { maxItems: MAX_SELECTORS });

/**
 * One object for every step type (the fields a type does not use are left out): a union of
 * objects would answer a wrong step with every branch's complaint. `readTestBody` checks which
 * fields each type needs, with the spec's messages.
 */
export const stepSchema = Type.Object(
  {
    ...stepBase,
    type: literals(STEP_TYPES),
    value: Type.Optional(Type.String({ maxLength: 10_000 })),
    selectors: Type.Optional(selectors),
    code: Type.Optional(Type.String({ maxLength: 50_000 })),
    framework: Type.Optional(literals(TEST_FRAMEWORKS)),
    template: Type.Optional(Type.Integer({ minimum: -1000, maximum: 2_147_483_647 })),
    testId: Type.Optional(id),
    // What the answer shows of an import; the imported test's own steps are what runs.
    steps: Type.Optional(Type.Array(Type.Unknown(), { maxItems: MAX_STEPS })),
  },
  { additionalProperties: false },
);

export const testBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    steps: Type.Array(stepSchema, { maxItems: MAX_STEPS }),
    framework: Type.Optional(literals(TEST_FRAMEWORKS)),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 35 }), { maxItems: 20 })),
    sessionId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
    generated: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const cookieSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\s;=,]+$' }), value: Type.String({ maxLength: 4000 }) }, { additionalProperties: false });
export const headersSchema = Type.Record(Type.String({ pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$" }), Type.String({ maxLength: 4000, pattern: '^[^\\r\\n]*$' }), { maxProperties: 30 });
export const basicAuthSchema = Type.Object({ username: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^:]*$' }), password: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

export const runOptionsProperties = {
  environmentId: Type.Optional(id),
  device: Type.Optional(literals(DEVICES)),
  network: Type.Optional(literals(NETWORK_PROFILES)),
  headers: Type.Optional(headersSchema),
  cookies: Type.Optional(Type.Array(cookieSchema, { maxItems: 30 })),
  basicAuth: Type.Optional(basicAuthSchema),
  bypassCSP: Type.Optional(Type.Boolean()),
};
export const startRunBody = Type.Object(runOptionsProperties, { additionalProperties: false });

export const environmentBody = Type.Object(
  { name: Type.String({ maxLength: 100 }), url: Type.String({ maxLength: 2000 }), default: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const variableBody = Type.Object({ name: Type.String({ maxLength: 100 }), value: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false });
export const templateBody = Type.Object(
  { name: Type.String({ maxLength: 100 }), code: Type.String({ maxLength: 50_000 }), framework: Type.Optional(literals(TEST_FRAMEWORKS)) },
  { additionalProperties: false },
);

export const schedulerBody = Type.Object(
  {
    testId: id,
    name: Type.Optional(Type.String({ maxLength: 100 })),
    minutes: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    /** Local hour, 0 to 23, in `timezone`. */
    hour: Type.Optional(Type.Integer({ minimum: -100, maximum: 100 })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    day: Type.Optional(Type.Integer({ minimum: -100, maximum: 100 })),
    environmentId: Type.Optional(id),
    device: Type.Optional(literals(DEVICES)),
    locations: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
    advancedOptions: Type.Optional(
      Type.Object(
        {
          headers: Type.Optional(headersSchema),
          cookies: Type.Optional(Type.Array(cookieSchema, { maxItems: 30 })),
          basicAuth: Type.Optional(basicAuthSchema),
          network: Type.Optional(literals(NETWORK_PROFILES)),
          bypassCSP: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    notifications: Type.Optional(
      Type.Array(Type.Object({ type: literals(['slack', 'email', 'webhook'] as const), value: Type.String({ maxLength: 320 }) }, { additionalProperties: false }), { maxItems: 20 }),
    ),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const exportQuery = Type.Object({ framework: Type.Optional(literals(EXPORT_FRAMEWORKS)), environmentId: Type.Optional(id) }, { additionalProperties: false });
export const idParams = {
  test: Type.Object({ testId: id }),
  run: Type.Object({ runId: id }),
  environment: Type.Object({ environmentId: id }),
  variable: Type.Object({ variableId: id }),
  template: Type.Object({ templateId: id }),
  scheduler: Type.Object({ schedulerId: id }),
  screenshot: Type.Object({ runId: id, order: Type.Integer({ minimum: 1, maximum: 10_000 }) }),
};
export const runsQuery = Type.Object(
  { testId: Type.Optional(id), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  { additionalProperties: false },
);
