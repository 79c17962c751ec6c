import { Value } from '@sinclair/typebox/value';
import type { EventDef, EventPayload, EventsService, Logger } from '@cassette/plugin-sdk/server';

type Handler = { plugin: string; handle: (payload: unknown) => Promise<void> };

/**
 * In-process typed event bus. A payload that does not match its versioned schema is a
 * programming error in the publisher, so publish throws rather than deliver it.
 */
export class EventBus implements EventsService {
  private readonly handlers = new Map<string, Handler[]>();

  constructor(private readonly log: Logger) {}

  subscribe(plugin: string, event: EventDef, handle: (payload: unknown) => Promise<void>): void {
    const list = this.handlers.get(event.key) ?? [];
    list.push({ plugin, handle });
    this.handlers.set(event.key, list);
  }

  async publish<E extends EventDef>(event: E, payload: EventPayload<E>): Promise<void> {
    if (!Value.Check(event.schema, payload)) {
      const first = [...Value.Errors(event.schema, payload)][0];
      throw new Error(`Event ${event.key} payload is invalid: ${first ? `${first.path || '/'} ${first.message}` : 'schema mismatch'}`);
    }
    // One failing subscriber must not stop the others or the publisher.
    for (const handler of this.handlers.get(event.key) ?? []) {
      try {
        await handler.handle(payload);
      } catch (error) {
        this.log.error({ err: error, event: event.key, plugin: handler.plugin }, 'event handler failed');
      }
    }
  }
}
