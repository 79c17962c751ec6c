import { Type } from '@sinclair/typebox';
import type { CaptureRate } from '../shared/capture-rate.js';
import { readCaptureRate, writeCaptureRate } from './capture-rate-store.js';
import { route } from './deps.js';

/** Spec part 2 §7 `GET /sample_rate`: every member may read it (the projects tab shows it). */
export const getCaptureRateRoute = route({
  method: 'GET',
  url: '/sample_rate',
  access: { auth: 'user' },
  summary: "The account's capture rate: the share of sessions recorded in projects without a sample rate of their own",
  schema: {},
  handler: async ({ tenantId, sql }): Promise<CaptureRate> => readCaptureRate(sql, tenantId),
});

/** Spec part 2 §7 `POST /sample_rate`: admins change it; it applies to sessions started from now on. */
export const setCaptureRateRoute = route({
  method: 'POST',
  url: '/sample_rate',
  access: { auth: 'admin' },
  summary: "Change the account's capture rate (rate 0-100, captureAll)",
  schema: {
    body: Type.Object(
      {
        rate: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'percent of sessions recorded, a whole number from 0 to 100' })),
        captureAll: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  },
  handler: async ({ tenantId, sql, body }): Promise<CaptureRate> => writeCaptureRate(sql, tenantId, body),
});
