// The catalogue widgets a member's appearance can hide (spec part 2 §3 "Appearance", §6).
// Every catalogue widget has its own flag, `appearance.dashboard.<key>`. The spec states the
// presets' defaults in the names of OpenReplay 1.x's dashboard widgets; LEGACY_WIDGETS maps
// each of those names onto our catalogue keys (README.md "Roles and appearance" has the table).
import type { AppearancePreset, AppearanceWidget } from '@cassette/plugin-sdk';
import type { CatalogueWidgetKey } from '@cassette/plugin-sessions/api';
import { CATALOGUE, CATALOGUE_CATEGORIES } from './catalogue.js';

/** A widget name of the spec's presets, what it showed, and the catalogue keys that show the same. */
export interface LegacyWidget {
  name: 'userActivity' | 'sessionsFrustration' | 'sessionsFeedback' | 'slowestImages' | 'errorsTrend';
  keys: readonly CatalogueWidgetKey[];
  /** The presets that turn it off (spec part 2 §6); qa and agent turn every widget off. */
  offIn: readonly AppearancePreset[];
}

export const LEGACY_WIDGETS: readonly LegacyWidget[] = [
  // Visited pages and session duration per session (its feedback score is not collected).
  { name: 'userActivity', keys: ['avg_visited_pages', 'avg_session_duration'], offIn: ['dev'] },
  // A list of recent sessions with click rage: the catalogue has no session list of that kind.
  { name: 'sessionsFrustration', keys: [], offIn: ['dev'] },
  // A list of sessions with negative feedback: the tracker records no feedback.
  { name: 'sessionsFeedback', keys: [], offIn: ['dev'] },
  // The images slowing the site: the catalogue's image load time.
  { name: 'slowestImages', keys: ['avg_image_load_time'], offIn: ['po'] },
  // The errors hurting the most sessions: the sessions affected by JavaScript errors.
  { name: 'errorsTrend', keys: ['impacted_sessions_by_js_errors'], offIn: ['po'] },
];

/** qa and agent see no widget (spec part 2 §6). */
const ALL_OFF_IN: readonly AppearancePreset[] = ['qa', 'agent'];

const CATEGORY_NAMES = new Map(CATALOGUE_CATEGORIES.map((c) => [c.category, c.name]));

/** Every catalogue widget, with the presets it starts off in. */
export const APPEARANCE_WIDGETS: readonly AppearanceWidget[] = CATALOGUE.map((widget) => {
  const legacy = LEGACY_WIDGETS.find((l) => l.keys.includes(widget.key));
  return {
    key: widget.key,
    label: widget.name,
    group: CATEGORY_NAMES.get(widget.category) ?? widget.category,
    offIn: [...(legacy?.offIn ?? []), ...ALL_OFF_IN],
  };
});

/**
 * Whether an appearance shows a catalogue widget: a key it does not name (an account from
 * before the widget existed) is shown.
 */
export function appearanceShows(appearance: { dashboard?: Record<string, unknown> } | null | undefined, key: string): boolean {
  return appearance?.dashboard?.[key] !== false;
}
