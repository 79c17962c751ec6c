/**
 * A configuration or declaration mistake found while booting: the server refuses to start with
 * a message that names what to fix. Kept in a file of its own so that every layer (kernel,
 * http, database) can throw it without importing the kernel's internals.
 */
export class BootError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootError';
  }
}
