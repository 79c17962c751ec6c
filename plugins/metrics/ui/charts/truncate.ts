import { TRUNCATE_DEFAULT } from '../constants.js';

/** Cuts text at `length` characters with an ellipsis (spec part 1 §9: 10 by default). */
export function truncate(text: string, length = TRUNCATE_DEFAULT): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
