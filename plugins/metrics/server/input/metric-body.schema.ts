import { Type } from '@sinclair/typebox';
import { MAX_DENSITY, METRIC_SESSIONS_MAX_LIMIT } from '../../shared/chart.js';
import { MAX_SERIES } from '../../shared/metric.js';
import { epochMsSchema, seriesFilterSchema } from './series-filter.schema.js';

const text = (maxLength: number) => Type.String({ maxLength });
const id = () => Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * A metric as bodies give it (MetricBody). Option names are checked by metric-input.ts, which
 * says what is allowed for the metric's type; here only shapes and sizes.
 */
export const metricBodyProperties = {
  name: Type.Optional(text(1000)),
  metricType: Type.Optional(text(50)),
  metricOf: Type.Optional(text(100)),
  metricValue: Type.Optional(Type.Array(text(100), { maxItems: 20 })),
  metricFormat: Type.Optional(text(50)),
  viewType: Type.Optional(text(50)),
  // One more than allowed reaches metric-input.ts, which says the limit.
  series: Type.Optional(
    Type.Array(Type.Object({ seriesId: Type.Optional(id()), name: Type.Optional(text(1000)), filter: Type.Optional(seriesFilterSchema), index: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })) }, { additionalProperties: false }), {
      maxItems: MAX_SERIES + 1,
    }),
  ),
  isPublic: Type.Optional(Type.Boolean()),
  // What GET answers, sent back as they are by a client that edits a copy: read-only, ignored.
  metricId: Type.Optional(Type.Unknown()),
  projectId: Type.Optional(Type.Unknown()),
  userId: Type.Optional(Type.Unknown()),
  owner: Type.Optional(Type.Unknown()),
  predefinedKey: Type.Optional(Type.Unknown()),
  createdAt: Type.Optional(Type.Unknown()),
  lastModified: Type.Optional(Type.Unknown()),
  dashboards: Type.Optional(Type.Unknown()),
};

export const chartPeriodProperties = {
  startTimestamp: Type.Optional(epochMsSchema),
  endTimestamp: Type.Optional(epochMsSchema),
};

export const chartRequestProperties = {
  ...chartPeriodProperties,
  density: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DENSITY })),
  compare: Type.Optional(Type.Boolean()),
  key: Type.Optional(text(200)),
};

export const sessionsRequestProperties = {
  ...chartPeriodProperties,
  seriesId: Type.Optional(id()),
  seriesIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  drillDownStart: Type.Optional(epochMsSchema),
  drillDownEnd: Type.Optional(epochMsSchema),
  value: Type.Optional(text(2000)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: METRIC_SESSIONS_MAX_LIMIT })),
};

export const metricParams = Type.Object({ metricId: id() });
