import { Type } from '@sinclair/typebox';
import { badRequest, HttpError, notFound } from '@cassette/plugin-sdk/server';
import {
  ruleDef,
  watchdogIssueKey,
  watchdogProblems,
  WATCHDOGS_PER_PROJECT,
  type Watchdog,
  type WatchdogIcon,
  type WatchdogStatus,
} from '../../shared/watchdogs.js';
import { route } from '../deps.js';
import { rehydrationRunning } from '../rehydration/rehydration-store.js';
import { deleteWatchdog, findWatchdog, insertWatchdog, listWatchdogs, updateWatchdog, type WatchdogFields } from './watchdog-store.js';

export const WATCHDOG_NOT_FOUND = 'Watchdog rule not found: it may have been deleted. Reload the list.';

// Reading the rules is part of replaying sessions (the list shows them); changing them is for admins.
const READ = { auth: 'user', project: true, permission: 'SESSION_REPLAY' } as const;
const WRITE = { auth: 'admin', project: true } as const;

const params = Type.Object({ watchdogId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
// Lengths above the rules' own, so an over-long text gets the rule's message rather than the schema's.
const fields = {
  name: Type.String({ maxLength: 1000 }),
  ruleId: Type.String({ maxLength: 100 }),
  ruleConfig: Type.Object({ value: Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]) }, { additionalProperties: false }),
  type: Type.Optional(Type.Union([Type.Literal('event'), Type.Literal('threshold')])),
  icon: Type.Optional(Type.String({ maxLength: 40 })),
  enabled: Type.Optional(Type.Boolean()),
  visible: Type.Optional(Type.Boolean()),
  payload: Type.Optional(Type.Object({ captureAll: Type.Optional(Type.Boolean()), rate: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })) }, { additionalProperties: false })),
};
type Body = { name?: string; ruleId?: string; ruleConfig?: { value: string | number }; type?: 'event' | 'threshold'; icon?: string; enabled?: boolean; visible?: boolean; payload?: { captureAll?: boolean; rate?: number } };

/** The rule to store: the body over what is stored (or the defaults), checked by the shared rules. */
function checkedFields(body: Body, current: Watchdog | null): WatchdogFields {
  const merged = {
    name: body.name ?? current?.name,
    ruleId: body.ruleId ?? current?.ruleId,
    ruleConfig: body.ruleConfig ?? current?.ruleConfig,
    icon: body.icon ?? current?.icon ?? 'bell',
    payload: { captureAll: body.payload?.captureAll ?? current?.payload.captureAll ?? true, rate: body.payload?.rate ?? current?.payload.rate ?? 100 },
  };
  const problems = watchdogProblems(merged);
  const def = ruleDef(String(merged.ruleId ?? '').trim());
  if (problems.length === 0 && body.type !== undefined && def && body.type !== def.type) {
    problems.push(`The rule "${def.ruleId}" watches ${def.type === 'event' ? 'an event' : 'a threshold'}: send type "${def.type}" or leave type out.`);
  }
  if (problems.length > 0 || !def) throw new HttpError(400, problems[0]!, problems);
  const value = merged.ruleConfig!.value;
  return {
    name: String(merged.name).trim(),
    type: def.type,
    icon: merged.icon as WatchdogIcon,
    ruleId: def.ruleId,
    ruleConfig: { value: def.type === 'threshold' ? Number(value) : String(value).trim() },
    enabled: body.enabled ?? current?.enabled ?? true,
    visible: body.visible ?? current?.visible ?? true,
    payload: merged.payload,
  };
}

export const listWatchdogsRoute = route({
  method: 'GET',
  url: '/watchdogs',
  access: READ,
  summary: "The project's watchdog rules (user-defined issue types), oldest first",
  schema: {},
  handler: async ({ sql, projectId }): Promise<Watchdog[]> => listWatchdogs(sql, projectId),
});

/** Fetched at boot and on each project switch (spec part 1 §4): the sessions list's tabs and chips. */
export const watchdogStatusRoute = route({
  method: 'GET',
  url: '/watchdogs/status',
  access: READ,
  summary: "The project's enabled watchdog rules (with their issue filter key) and whether a rehydration is running",
  schema: {},
  handler: async ({ sql, projectId }): Promise<WatchdogStatus> => {
    const rules = (await listWatchdogs(sql, projectId)).filter((w) => w.enabled);
    return {
      watchdogs: rules.map((w) => ({ watchdogId: w.watchdogId, key: watchdogIssueKey(w.watchdogId), name: w.name, icon: w.icon, visible: w.visible })),
      rehydrating: await rehydrationRunning(sql, projectId),
    };
  },
});

export const createWatchdogRoute = route({
  method: 'POST',
  url: '/watchdogs',
  access: WRITE,
  summary: `Add a watchdog rule (name, ruleId, ruleConfig.value, icon, enabled, visible, payload.captureAll/rate); at most ${WATCHDOGS_PER_PROJECT} per project`,
  schema: { body: Type.Object({ ...fields, name: Type.Optional(fields.name), ruleId: Type.Optional(fields.ruleId), ruleConfig: Type.Optional(fields.ruleConfig) }, { additionalProperties: false }) },
  handler: async ({ sql, projectId, caller, body }): Promise<Watchdog> => {
    const created = await insertWatchdog(sql, projectId, caller.userId, checkedFields(body, null));
    if (!created) throw badRequest(`This project already has ${WATCHDOGS_PER_PROJECT} watchdog rules; delete one before adding another.`);
    return created;
  },
});

export const updateWatchdogRoute = route({
  method: 'POST',
  url: '/watchdogs/:watchdogId',
  access: WRITE,
  summary: 'Change a watchdog rule: the fields sent replace the stored ones; it applies to batches read from now on (rehydrate to apply it to older sessions)',
  schema: {
    params,
    body: Type.Object({ ...fields, name: Type.Optional(fields.name), ruleId: Type.Optional(fields.ruleId), ruleConfig: Type.Optional(fields.ruleConfig) }, { additionalProperties: false }),
  },
  handler: async ({ sql, projectId, params: p, body }): Promise<Watchdog> => {
    const current = await findWatchdog(sql, projectId, p.watchdogId);
    if (!current) throw notFound(WATCHDOG_NOT_FOUND);
    const updated = await updateWatchdog(sql, projectId, p.watchdogId, checkedFields(body, current));
    if (!updated) throw notFound(WATCHDOG_NOT_FOUND);
    return updated;
  },
});

export const deleteWatchdogRoute = route({
  method: 'DELETE',
  url: '/watchdogs/:watchdogId',
  access: WRITE,
  summary: 'Delete a watchdog rule with the issues it found',
  schema: { params },
  handler: async ({ sql, projectId, params: p }): Promise<{ deleted: true }> => {
    if (!(await deleteWatchdog(sql, projectId, p.watchdogId))) throw notFound(WATCHDOG_NOT_FOUND);
    return { deleted: true };
  },
});
