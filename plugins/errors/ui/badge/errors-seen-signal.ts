/**
 * Opening an error marks it viewed on the server, which can lower the new-errors count: the
 * badge listens here so it follows at once rather than at its next 5-minute refresh.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onErrorsSeen(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceErrorsSeen(): void {
  for (const listener of [...listeners]) listener();
}
