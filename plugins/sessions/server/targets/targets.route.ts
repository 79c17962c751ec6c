import { Type } from '@sinclair/typebox';
import { badRequest, HttpError } from '@cassette/plugin-sdk/server';
import { MAX_EPOCH_MS } from '../search/filter-validation.js';
import { heatmapPage } from '../analytics/heatmap.js';
import { MAX_HEATMAP_URL_LENGTH } from '../../shared/heatmap.js';
import { definedPercent, MAX_TARGET_LABEL_LENGTH, MAX_TARGET_PATH_LENGTH, type Target, type TargetsAnswer } from '../../shared/targets.js';
import { route } from '../deps.js';
import { listTargets, removeTarget, renameTarget, saveTarget } from './target-store.js';

/** The spec's default range (part 2 §9): the last 7 days. */
const DEFAULT_RANGE_MS = 7 * 24 * 3_600_000;
const EpochMs = Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS });
const ACCESS = { auth: 'user', project: true, permission: 'SESSION_REPLAY' } as const;

/** The page a target belongs to: its address without query or hash (a path stays a path). */
export function targetLocation(url: string, field = 'url'): string {
  let page: ReturnType<typeof heatmapPage>;
  try {
    page = heatmapPage(url);
  } catch (error) {
    // The same words, for the field the caller named.
    if (error instanceof HttpError && field !== 'url') throw badRequest(error.message.replace(/^url\b/, field));
    throw error;
  }
  if (page.host === null) return page.path;
  return `${new URL(url.trim()).protocol}//${page.host}${page.path}`;
}

function checkLabel(label: string | undefined): string {
  const text = (label ?? '').trim();
  if (text === '') throw badRequest('label is required: name the element (e.g. "Add to cart")');
  if (text.length > MAX_TARGET_LABEL_LENGTH) throw badRequest(`label must be at most ${MAX_TARGET_LABEL_LENGTH} characters; got ${text.length}`);
  return text;
}

/**
 * Spec part 2 §7 `GET /targets_temp`: the project's targets, or with `url` one page's, with its
 * defined percent (spec part 2 §3: labeled clicks over all clicks, rounded) over the range.
 */
export const listTargetsRoute = route({
  method: 'GET',
  url: '/targets_temp',
  access: ACCESS,
  summary: "The project's targets, or a page's with the share of its clicks they cover",
  schema: {
    querystring: Type.Object({
      url: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_HEATMAP_URL_LENGTH })),
      startDate: Type.Optional(EpochMs),
      endDate: Type.Optional(EpochMs),
    }),
  },
  handler: async ({ query, deps, sql: run, projectId, caller }): Promise<TargetsAnswer> => {
    if (query.url === undefined) return { targets: await listTargets(run, projectId, null), definedPercent: null, totalClicks: 0, labeledClicks: 0 };
    const location = targetLocation(query.url);
    const endDate = query.endDate ?? Date.now();
    const startDate = query.startDate ?? Math.max(0, endDate - DEFAULT_RANGE_MS);
    if (startDate > endDate) throw badRequest(`startDate (${startDate}) is after endDate (${endDate}): pick a range that starts before it ends`);
    const targets = await listTargets(run, projectId, location);
    const coverage = await deps.analytics.targetCoverage({ projectId, url: location, range: { startDate, endDate }, selectors: targets.map((t) => t.path) }, { reader: caller });
    return { targets, definedPercent: definedPercent(coverage.labeledClicks, coverage.totalClicks), ...coverage };
  },
});

/**
 * Spec part 2 §7 `POST /targets_temp` (with remove): names an element of a page (`label`, `path`,
 * `location`), renames a target (`targetId`, `label`), or removes one (`targetId`, `remove`).
 * Answers the target as it is now (as it was, when removed).
 */
export const changeTargetRoute = route({
  method: 'POST',
  url: '/targets_temp',
  access: ACCESS,
  summary: 'Name an element of a page as a target, rename a target, or remove one',
  schema: {
    body: Type.Object({
      targetId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
      label: Type.Optional(Type.String({ maxLength: 1000 })),
      path: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_TARGET_PATH_LENGTH })),
      location: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_HEATMAP_URL_LENGTH })),
      isCustom: Type.Optional(Type.Boolean()),
      remove: Type.Optional(Type.Boolean()),
    }),
  },
  handler: async ({ body, sql: run, projectId, caller }): Promise<Target> => {
    if (body.remove === true) {
      if (body.targetId === undefined) throw badRequest('targetId is required to remove a target');
      return removeTarget(run, projectId, body.targetId);
    }
    const label = checkLabel(body.label);
    if (body.targetId !== undefined) return renameTarget(run, projectId, body.targetId, label);
    if (body.path === undefined || body.path.trim() === '') throw badRequest('path is required: the CSS selector of the element to name');
    if (body.location === undefined) throw badRequest('location is required: the address of the page the element is on');
    return saveTarget(run, projectId, { label, path: body.path.trim(), location: targetLocation(body.location, 'location') }, caller.userId);
  },
});
