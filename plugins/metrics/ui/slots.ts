import { createSlot } from '@cassette/plugin-sdk/ui';
import type { Widget } from './wire.js';

/** Props of the 'Set Alert' place on a dashboard card: the alerts plugin opens its form prefilled with the widget's first series. */
export interface WidgetAlertProps {
  projectId: number;
  widget: Widget;
}

/**
 * Slots the metrics plugin offers. `widgetAlert` is the bell on a dashboard card (tooltip
 * 'Set Alert'); the alerts plugin fills it. To be re-exported from the plugin's api entry for
 * other plugins to import.
 */
export const metricsSlots = {
  widgetAlert: createSlot<WidgetAlertProps>('metrics.dashboard.widgetAlert'),
} as const;
