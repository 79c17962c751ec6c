import { Type } from '@sinclair/typebox';
import { MAX_WIDGET_COL } from '../../shared/dashboard.js';

const id = () => Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** DashboardBody: `dashboardId` is read from the path, the body's is ignored. */
export const dashboardBody = Type.Object(
  {
    dashboardId: Type.Optional(Type.Unknown()),
    name: Type.Optional(Type.String({ maxLength: 1000 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    isPublic: Type.Optional(Type.Boolean()),
    isPinned: Type.Optional(Type.Boolean()),
    metrics: Type.Optional(Type.Array(id(), { maxItems: 100 })),
  },
  { additionalProperties: false },
);

/** WidgetConfig, each part optional: position (0-based), col (column span 1..4), row (height in rows 1..10). */
export const widgetConfigSchema = Type.Object(
  {
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    col: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_WIDGET_COL })),
    row: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  },
  { additionalProperties: false },
);
