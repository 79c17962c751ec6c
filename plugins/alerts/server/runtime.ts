import { createServiceRef, type ServiceFactory } from '@cassette/plugin-sdk/server';
import type { AlertChannel } from '../api.js';

/** The plugin's state in one kernel: the delivery channels, filled at start from the extension point. */
export class AlertsRuntime {
  channels: AlertChannel[] = [];
  channel(id: string): AlertChannel | undefined {
    return this.channels.find((c) => c.id === id);
  }
}

export const alertsRuntimeRef = createServiceRef<AlertsRuntime>('alerts.runtime');

export const alertsRuntimeService: ServiceFactory<AlertsRuntime, Record<string, never>> = {
  ref: alertsRuntimeRef,
  deps: {},
  create: () => new AlertsRuntime(),
};
