/** Spec part 2 §5: a saved search needs a valid name; the server keeps 1 to 100 characters, trimmed. */
export const SAVED_SEARCH_NAME_MAX = 100;

export function savedSearchNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for this search.';
  if (trimmed.length > SAVED_SEARCH_NAME_MAX) return `Use at most ${SAVED_SEARCH_NAME_MAX} characters (this name has ${trimmed.length}).`;
  return null;
}
