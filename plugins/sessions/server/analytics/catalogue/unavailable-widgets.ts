import type { CatalogueWidgetKey } from '../../../shared/catalogue-analytics.js';

const NO_VISUALLY_COMPLETE =
  'Not collected: this reads when a page looked complete (visually complete), which browsers do not expose; measuring it takes frame-by-frame screenshots of the page, too costly for a tracker running in visitors\' browsers. The pages\' largest contentful paint and speed index estimate are recorded instead.';

/** The widgets the tracker records no data for, and why (the answer says so rather than show a made-up number). */
export const UNAVAILABLE_WIDGETS: Partial<Record<CatalogueWidgetKey, string>> = {
  avg_time_to_render: NO_VISUALLY_COMPLETE,
  time_to_render: NO_VISUALLY_COMPLETE,
  resources_vs_visually_complete: NO_VISUALLY_COMPLETE,
};
