// Finding elements the way a user names them: by visible text, label or test id.
export const buttonNamed = (scope: ParentNode, name: string): HTMLButtonElement | null =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name) ?? null;

export const byTestId = <T extends HTMLElement = HTMLElement>(scope: ParentNode, id: string): T | null => scope.querySelector<T>(`[data-testid="${id}"]`);

export const allByTestId = <T extends HTMLElement = HTMLElement>(scope: ParentNode, id: string): T[] => [...scope.querySelectorAll<T>(`[data-testid="${id}"]`)];

/** The element whose aria-label is `label`, or the field a `<label>` with that text names. */
export function byLabel<T extends HTMLElement = HTMLElement>(scope: ParentNode, label: string): T | null {
  const labelled = scope.querySelector<T>(`[aria-label="${CSS.escape(label)}"]`);
  if (labelled) return labelled;
  const tag = [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!tag) return null;
  if (tag.htmlFor) return (tag.ownerDocument.getElementById(tag.htmlFor) as T | null) ?? null;
  return tag.querySelector<T>('input, select, textarea');
}

export const byRole = <T extends HTMLElement = HTMLElement>(scope: ParentNode, role: string): T[] => [...scope.querySelectorAll<T>(`[role="${role}"]`)];
