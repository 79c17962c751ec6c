import { Type, type TLiteral, type TUnion } from '@sinclair/typebox';
import { ALERT_DESCRIPTION_MAX, ALERT_NAME_MAX, ALERT_OPERATORS, ALERT_PERIODS, CHANGE_KINDS, DETECTION_METHODS, MESSAGE_TYPES, RECIPIENTS_MAX, RENOTIFY_MAX_MINUTES } from '../../shared/alert.js';

const literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v))) as TUnion<TLiteral<T>[]>;
const webhookId = () => Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * `PUT /alerts` and `PUT /alerts/{id}` (spec part 1 §7): the alert with options.message,
 * previousPeriod, currentPeriod and detection_method. The read-only fields a client sends back
 * with an alert it fetched are accepted and ignored.
 */
export const alertBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: ALERT_NAME_MAX })),
    description: Type.Optional(Type.String({ maxLength: ALERT_DESCRIPTION_MAX })),
    active: Type.Optional(Type.Boolean()),
    detectionMethod: Type.Optional(literals(DETECTION_METHODS)),
    detection_method: Type.Optional(literals(DETECTION_METHODS)),
    change: Type.Optional(literals(CHANGE_KINDS)),
    query: Type.Object(
      {
        left: Type.Optional(Type.String({ maxLength: 200 })),
        operator: Type.Optional(literals(ALERT_OPERATORS)),
        // A number, or the number the form's text box holds.
        right: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 40 })])),
      },
      { additionalProperties: false },
    ),
    options: Type.Optional(
      Type.Object(
        {
          currentPeriod: Type.Optional(literals(ALERT_PERIODS)),
          previousPeriod: Type.Optional(literals(ALERT_PERIODS)),
          message: Type.Optional(Type.Array(Type.Object({ type: literals(MESSAGE_TYPES), value: Type.Union([Type.String({ maxLength: 320 }), webhookId()]) }, { additionalProperties: false }), { maxItems: 3 * RECIPIENTS_MAX })),
          change: Type.Optional(literals(CHANGE_KINDS)),
          renotifyInterval: Type.Optional(Type.Integer({ minimum: 1, maximum: RENOTIFY_MAX_MINUTES })),
        },
        { additionalProperties: false },
      ),
    ),
    slack: Type.Optional(Type.Boolean()),
    email: Type.Optional(Type.Boolean()),
    webhook: Type.Optional(Type.Boolean()),
    slackInput: Type.Optional(Type.Array(webhookId(), { maxItems: RECIPIENTS_MAX })),
    emailInput: Type.Optional(Type.Array(Type.String({ maxLength: 320 }), { maxItems: RECIPIENTS_MAX })),
    webhookInput: Type.Optional(Type.Array(webhookId(), { maxItems: RECIPIENTS_MAX })),
    alertId: Type.Optional(Type.Integer()),
    projectId: Type.Optional(Type.Integer()),
    createdAt: Type.Optional(Type.Number()),
    firing: Type.Optional(Type.Boolean()),
    lastEvaluatedAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);

export const alertParams = Type.Object({ alertId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
