import type { Appearance } from '@cassette/plugin-sdk/ui';
import { appearanceShows } from '../../shared/appearance-widgets.js';
import type { Widget } from '../wire.js';

/** A catalogue widget whose flag the member's appearance turns off; custom metrics are always shown. */
export function hiddenByAppearance(appearance: Appearance, widget: Pick<Widget, 'metricType' | 'metricOf' | 'predefinedKey'>): boolean {
  return widget.metricType === 'predefined' && !appearanceShows(appearance, widget.predefinedKey ?? widget.metricOf);
}
