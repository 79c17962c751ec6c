import type { IngestProcessor } from '../api.js';

/** Refuses a malformed processor at boot, naming the plugin that contributed it. */
export function validateProcessor(processor: IngestProcessor, fromPlugin: string): void {
  if (!processor || typeof processor.id !== 'string' || !/^[a-zA-Z][a-zA-Z0-9._-]{0,99}$/.test(processor.id)) {
    throw new Error(`Plugin "${fromPlugin}" contributes an ingest processor without a valid id (letters, digits, ".", "_", "-")`);
  }
  if (processor.order !== undefined && !Number.isFinite(processor.order)) {
    throw new Error(`Ingest processor "${processor.id}" of plugin "${fromPlugin}" has an order that is not a number`);
  }
  if (processor.slices !== undefined && typeof processor.slices !== 'boolean') {
    throw new Error(`Ingest processor "${processor.id}" of plugin "${fromPlugin}": slices must be true or false`);
  }
  for (const method of ['sessionStarted', 'batch', 'sessionEnded'] as const) {
    if (processor[method] !== undefined && typeof processor[method] !== 'function') {
      throw new Error(`Ingest processor "${processor.id}" of plugin "${fromPlugin}": ${method} must be a function`);
    }
  }
  if (!processor.sessionStarted && !processor.batch && !processor.sessionEnded) {
    throw new Error(`Ingest processor "${processor.id}" of plugin "${fromPlugin}" implements none of sessionStarted, batch, sessionEnded`);
  }
}

/** Processors in the order the extension point promises: `order` (default 100), then id. */
export function orderProcessors(processors: readonly IngestProcessor[]): IngestProcessor[] {
  return [...processors].sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
