/**
 * Reads of an element that a page cannot spoof. A `<form>` exposes its controls as its own
 * properties, so in a form holding `<input name="tagName">` or `name="closest"`, `form.tagName`
 * is that input and `form.closest(...)` throws. Every element the tracker inspects may be such
 * a form (a click on its padding, or the ancestor of any field), so these go through the
 * prototypes, which named controls cannot shadow.
 */

/** The property as the element's class defines it, skipping whatever the instance itself carries. */
function read<T>(el: Node, name: string): T {
  for (let proto = Object.getPrototypeOf(el) as object | null; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor?.get) return descriptor.get.call(el) as T;
  }
  return undefined as T;
}

/** The element's tag name as the DOM reports it (upper case for HTML), or '' for a non-element. */
export function tagOf(el: unknown): string {
  if (!el || (el as Node).nodeType !== 1) return '';
  try {
    return read<string>(el as Element, 'tagName') ?? '';
  } catch {
    return '';
  }
}

export const idOf = (el: Element): string => read<string>(el, 'id') ?? '';
export const parentOf = (el: Element): Element | null => read<Element | null>(el, 'parentElement') ?? null;
export const childrenOf = (el: Element): Element[] => Array.from(read<HTMLCollection>(el, 'children') ?? []);
export const classesOf = (el: Element): string[] => Array.from(read<DOMTokenList>(el, 'classList') ?? []);
export const textOf = (el: Element): string => read<string | null>(el, 'textContent') ?? '';
export const attrOf = (el: Element, name: string): string | null => Element.prototype.getAttribute.call(el, name);
export const hasAttrOf = (el: Element, name: string): boolean => Element.prototype.hasAttribute.call(el, name);
export const closestOf = (el: Element, selector: string): Element | null => Element.prototype.closest.call(el, selector);
export const queryOf = (el: Element, selector: string): Element | null => Element.prototype.querySelector.call(el, selector);
