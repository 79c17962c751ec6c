import { Type } from '@sinclair/typebox';
import { badRequest } from '@cassette/plugin-sdk/server';
import { MAX_EPOCH_MS } from '../search/filter-validation.js';
import { MAX_HEATMAP_URL_LENGTH, type HeatmapAnswer } from '../../shared/heatmap.js';
import { route } from '../deps.js';

/** The spec's default range (part 2 §9): the last 7 days. */
const DEFAULT_RANGE_MS = 7 * 24 * 3_600_000;
const EpochMs = Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS });

/**
 * The heatmap of a page (spec part 2 §7 `POST /heatmaps/url`): clicks, rage and dead clicks and
 * scroll depth over the page's visits of the range, answered by the analytics query service.
 * Whoever may replay sessions may see where their visitors clicked.
 */
export const heatmapRoute = route({
  method: 'POST',
  url: '/heatmaps/url',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "A page's click and scroll map over a date range",
  schema: {
    body: Type.Object(
      {
        url: Type.String({ minLength: 1, maxLength: MAX_HEATMAP_URL_LENGTH }),
        startDate: Type.Optional(EpochMs),
        endDate: Type.Optional(EpochMs),
      },
      { additionalProperties: true },
    ),
  },
  handler: async ({ body, deps, projectId, caller }): Promise<HeatmapAnswer> => {
    const endDate = body.endDate ?? Date.now();
    const startDate = body.startDate ?? Math.max(0, endDate - DEFAULT_RANGE_MS);
    if (startDate > endDate) throw badRequest(`startDate (${startDate}) is after endDate (${endDate}): pick a range that starts before it ends`);
    return deps.analytics.heatmap({ projectId, url: body.url, range: { startDate, endDate } }, { reader: caller });
  },
});
