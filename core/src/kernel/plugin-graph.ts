import { BootError } from '../boot-error.js';

/** Orders plugins so each starts after what it depends on; refuses missing ids and cycles. */
export interface PluginNode {
  id: string;
  /** Ids this plugin needs started first. */
  needs: { id: string; why: string }[];
}

export function checkDuplicateIds(ids: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new BootError(`Plugin id "${id}" is registered twice; each plugin id must be unique`);
    seen.add(id);
  }
}

export function orderPlugins(nodes: PluginNode[]): string[] {
  checkDuplicateIds(nodes.map((n) => n.id));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const node of nodes) {
    for (const need of node.needs) {
      if (need.id !== 'core' && !byId.has(need.id)) {
        throw new BootError(`Plugin "${node.id}" needs plugin "${need.id}" (${need.why}), which is not enabled. Enable "${need.id}" in config/cassette.json or disable "${node.id}".`);
      }
    }
  }
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: string[]): void => {
    const mark = state.get(id);
    if (mark === 'done') return;
    if (mark === 'visiting') {
      const cycle = [...path.slice(path.indexOf(id)), id];
      throw new BootError(`Plugin dependency cycle: ${cycle.join(' → ')}`);
    }
    state.set(id, 'visiting');
    const node = byId.get(id);
    for (const need of node?.needs ?? []) {
      if (need.id !== 'core' && need.id !== id) visit(need.id, [...path, id]);
    }
    state.set(id, 'done');
    order.push(id);
  };
  // Visit in declared order so independent plugins keep the config's order.
  for (const node of nodes) visit(node.id, []);
  return order;
}
