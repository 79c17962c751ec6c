/**
 * A member's appearance (spec part 2 §3 "Appearance", §6): which parts of the product their
 * screens show. It is a preference, never a permission: the role's permissions are checked on
 * the server whatever the appearance says, and a flag can only hide what a permission allows.
 *
 * The kernel knows the general flags; plugins contribute the per-widget dashboard flags
 * (`registrar.appearanceWidgets`), each saying in which presets it starts off.
 */

/** The presets of spec part 2 §6, and CUSTOM for flags changed from a preset. */
export const APPEARANCE_ROLES = ['dev', 'po', 'qa', 'agent', 'CUSTOM'] as const;
export type AppearanceRole = (typeof APPEARANCE_ROLES)[number];
export type AppearancePreset = Exclude<AppearanceRole, 'CUSTOM'>;
export const APPEARANCE_PRESETS: readonly AppearancePreset[] = ['dev', 'po', 'qa', 'agent'];

export const APPEARANCE_ROLE_LABELS: Record<AppearanceRole, string> = {
  dev: 'Developer',
  po: 'Product Owner',
  qa: 'Quality Assurance',
  agent: 'Customer Success',
  CUSTOM: 'Custom',
};

/** The flags every account has, with what the settings call them. */
export const APPEARANCE_FLAGS = ['sessionsLive', 'sessionsDevtools', 'tests', 'runs'] as const;
export type AppearanceFlag = (typeof APPEARANCE_FLAGS)[number];
export const APPEARANCE_FLAG_LABELS: Record<AppearanceFlag, string> = {
  sessionsLive: 'Live sessions',
  sessionsDevtools: 'Developer tools in sessions',
  tests: 'Tests',
  runs: 'Test runs',
};

/**
 * Spec part 2 §6. Where it is silent, the flags take the peer's base values (no live sessions,
 * developer tools, no tests or runs): qa keeps developer tools, agent has nothing but sessions.
 */
export const PRESET_FLAGS: Record<AppearancePreset, Record<AppearanceFlag, boolean>> = {
  dev: { sessionsLive: false, sessionsDevtools: true, tests: false, runs: false },
  po: { sessionsLive: false, sessionsDevtools: false, tests: false, runs: false },
  qa: { sessionsLive: false, sessionsDevtools: true, tests: false, runs: false },
  agent: { sessionsLive: false, sessionsDevtools: false, tests: false, runs: false },
};

/** A dashboard widget a plugin lets members hide; `offIn` names the presets it starts off in. */
export interface AppearanceWidget {
  /** The key stored under `appearance.dashboard` (letters, digits and `_`). */
  key: string;
  label: string;
  /** The heading it is listed under in the settings (a catalogue category). */
  group: string;
  offIn: readonly AppearancePreset[];
}

export interface Appearance extends Record<AppearanceFlag, boolean> {
  role: AppearanceRole;
  /** Every contributed widget key: true when the member's dashboards show it. */
  dashboard: Record<string, boolean>;
}

/** The whole appearance a preset gives. */
export function presetAppearance(role: AppearancePreset, widgets: readonly AppearanceWidget[]): Appearance {
  return {
    role,
    ...PRESET_FLAGS[role],
    dashboard: Object.fromEntries(widgets.map((w) => [w.key, !w.offIn.includes(role)])),
  };
}

/** Everything shown: what an account that never chose an appearance sees. */
export function customAppearance(widgets: readonly AppearanceWidget[]): Appearance {
  return {
    role: 'CUSTOM',
    sessionsLive: true,
    sessionsDevtools: true,
    tests: true,
    runs: true,
    dashboard: Object.fromEntries(widgets.map((w) => [w.key, true])),
  };
}

/**
 * Whether a stored appearance shows what `flag` governs (the live tab, the player's developer
 * panels, tests, runs): what the screens read, without the dashboard widgets.
 */
export function appearanceFlagOn(stored: Readonly<Record<string, unknown>> | null | undefined, flag: AppearanceFlag): boolean {
  return resolveAppearance(stored, [])[flag];
}

function sameFlags(a: Appearance, b: Appearance, widgets: readonly AppearanceWidget[]): boolean {
  return APPEARANCE_FLAGS.every((f) => a[f] === b[f]) && widgets.every((w) => a.dashboard[w.key] === b.dashboard[w.key]);
}

function isRole(value: unknown): value is AppearanceRole {
  return typeof value === 'string' && (APPEARANCE_ROLES as readonly string[]).includes(value);
}

/**
 * The full appearance of a stored record (which may be empty, or hold only some flags, or
 * predate a widget): the named preset's flags under what was stored. A stored record whose
 * flags differ from its preset reads as CUSTOM.
 */
export function resolveAppearance(stored: Readonly<Record<string, unknown>> | null | undefined, widgets: readonly AppearanceWidget[]): Appearance {
  const record = stored ?? {};
  const role = isRole(record.role) ? record.role : 'CUSTOM';
  const base = role === 'CUSTOM' ? customAppearance(widgets) : presetAppearance(role, widgets);
  const result: Appearance = { ...base, dashboard: { ...base.dashboard } };
  for (const flag of APPEARANCE_FLAGS) if (typeof record[flag] === 'boolean') result[flag] = record[flag] as boolean;
  const dashboard = record.dashboard;
  if (dashboard && typeof dashboard === 'object' && !Array.isArray(dashboard)) {
    for (const w of widgets) {
      const value = (dashboard as Record<string, unknown>)[w.key];
      if (typeof value === 'boolean') result.dashboard[w.key] = value;
    }
  }
  if (role !== 'CUSTOM' && !sameFlags(result, base, widgets)) result.role = 'CUSTOM';
  return result;
}

/**
 * What saving `change` over the stored record gives: a preset named without flags takes all
 * of that preset's defaults; flags change one by one, and a preset changed becomes CUSTOM.
 */
export function applyAppearanceChange(stored: Readonly<Record<string, unknown>> | null | undefined, change: AppearanceChange, widgets: readonly AppearanceWidget[]): Appearance {
  const current = change.role && change.role !== 'CUSTOM' ? presetAppearance(change.role, widgets) : resolveAppearance(stored, widgets);
  const next: Appearance = { ...current, dashboard: { ...current.dashboard } };
  if (change.role) next.role = change.role;
  for (const flag of APPEARANCE_FLAGS) if (change[flag] !== undefined) next[flag] = change[flag] as boolean;
  for (const [key, value] of Object.entries(change.dashboard ?? {})) next.dashboard[key] = value;
  // Read it back as stored: a preset whose flags were changed is CUSTOM.
  return resolveAppearance(next as unknown as Record<string, unknown>, widgets);
}

/** What `POST /account/appearance` takes: any of the fields, each of its type. */
export type AppearanceChange = Partial<Omit<Appearance, 'dashboard'>> & { dashboard?: Record<string, boolean> };

/**
 * Reads a posted appearance change: known keys of the right types, dashboard flags of widgets
 * that exist. Every refusal says what to send instead.
 */
export function readAppearanceChange(value: unknown, widgets: readonly AppearanceWidget[]): { change: AppearanceChange; errors: [] } | { change: null; errors: string[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { change: null, errors: ['appearance must be an object of flags, such as { "role": "dev" }.'] };
  const record = value as Record<string, unknown>;
  const errors: string[] = [];
  const change: AppearanceChange = {};
  const known = ['role', ...APPEARANCE_FLAGS, 'dashboard'];
  const unknown = Object.keys(record).filter((key) => !known.includes(key));
  if (unknown.length > 0) errors.push(`Unknown appearance setting${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}: use ${known.map((k) => `"${k}"`).join(', ')}.`);
  if (Object.keys(record).length === 0) errors.push('appearance is empty: send a role or the flags to change.');
  if (record.role !== undefined) {
    if (isRole(record.role)) change.role = record.role;
    else errors.push(`role must be one of ${APPEARANCE_ROLES.join(', ')}.`);
  }
  for (const flag of APPEARANCE_FLAGS) {
    if (record[flag] === undefined) continue;
    if (typeof record[flag] === 'boolean') change[flag] = record[flag] as boolean;
    else errors.push(`${flag} must be true or false.`);
  }
  if (record.dashboard !== undefined) {
    const dashboard = record.dashboard;
    if (!dashboard || typeof dashboard !== 'object' || Array.isArray(dashboard)) {
      errors.push('dashboard must be an object of widget keys set to true or false.');
    } else {
      const keys = new Set(widgets.map((w) => w.key));
      const flags: Record<string, boolean> = {};
      const unknownWidgets: string[] = [];
      for (const [key, flag] of Object.entries(dashboard as Record<string, unknown>)) {
        if (!keys.has(key)) unknownWidgets.push(key);
        else if (typeof flag !== 'boolean') errors.push(`dashboard.${key} must be true or false.`);
        else flags[key] = flag;
      }
      if (unknownWidgets.length > 0) {
        const shown = unknownWidgets.slice(0, 5).map((k) => `"${k.slice(0, 64)}"`).join(', ');
        errors.push(`Unknown dashboard widget${unknownWidgets.length > 1 ? 's' : ''} ${shown}${unknownWidgets.length > 5 ? ' and more' : ''}: use the keys GET /account/appearance lists under widgets.`);
      }
      change.dashboard = flags;
    }
  }
  return errors.length > 0 ? { change: null, errors } : { change, errors: [] };
}
