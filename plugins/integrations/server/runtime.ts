import { createServiceRef, type ServiceFactory } from '@cassette/plugin-sdk/server';
import type { LogSource, TicketProvider } from '../api.js';

export type Contribution = { kind: 'logs'; value: LogSource; plugin: string } | { kind: 'tickets'; value: TicketProvider; plugin: string };

/** The plugin's state in one kernel: the log sources and ticket providers contributed, known at start. */
export class IntegrationsRuntime {
  logSources: { plugin: string; value: LogSource }[] = [];
  ticketProviders: { plugin: string; value: TicketProvider }[] = [];

  /** Every contribution in the order the settings list them: log sources, then ticket providers. */
  all(): Contribution[] {
    return [...this.logSources.map((c) => ({ kind: 'logs' as const, ...c })), ...this.ticketProviders.map((c) => ({ kind: 'tickets' as const, ...c }))];
  }

  find(name: string): Contribution | undefined {
    return this.all().find((c) => c.value.id === name);
  }

  ticketProvider(name: string): TicketProvider | undefined {
    return this.ticketProviders.find((c) => c.value.id === name)?.value;
  }
}

export const integrationsRuntimeRef = createServiceRef<IntegrationsRuntime>('integrations.runtime');

export const integrationsRuntimeService: ServiceFactory<IntegrationsRuntime, Record<string, never>> = {
  ref: integrationsRuntimeRef,
  deps: {},
  create: () => new IntegrationsRuntime(),
};
