import type { ChunkEvents } from './recording-loader.js';

/**
 * The name an element gets in the replay when the viewer's browser cannot create the recorded
 * one. A browser's HTML parser accepts tag names `document.createElement` refuses in many
 * browsers (`<x-1!>`, `<price$tag>`): the live page showed such an element as an unknown
 * element (HTMLUnknownElement), inline and unstyled by default. This name makes one too: valid
 * everywhere, no page stylesheet targets it, and, without a hyphen, it is no custom element
 * that `:not(:defined)` rules would hide. (A `div` would be a block; a `span` would pick up the
 * page's `span` rules.)
 */
export const UNKNOWN_TAG_STAND_IN = 'cassette_unknown_tag';

const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;
const ELEMENT = 2;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Whether the viewer's browser can create an element of this name, as rrweb's rebuild creates it (SVG ones in the SVG namespace). */
export type CanCreateElement = (tagName: string, svg: boolean) => boolean;

/** Asks the viewer's browser, once per name. */
export function browserCanCreateElement(doc: Document): CanCreateElement {
  const known = new Map<string, boolean>();
  return (tagName, svg) => {
    const key = `${svg ? 'svg' : 'html'} ${tagName}`;
    let creatable = known.get(key);
    if (creatable === undefined) {
      try {
        if (svg) doc.createElementNS(SVG_NAMESPACE, tagName);
        else doc.createElement(tagName);
        creatable = true;
      } catch {
        creatable = false;
      }
      known.set(key, creatable);
    }
    return creatable;
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function renameInTree(root: unknown, canCreate: CanCreateElement): number {
  let renamed = 0;
  // Iterative: a recorded tree may be as deep as the JSON limits allow.
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!isRecord(node)) continue;
    if (node.type === ELEMENT && typeof node.tagName === 'string' && !canCreate(node.tagName, node.isSVG === true)) {
      node.tagName = UNKNOWN_TAG_STAND_IN;
      renamed++;
    }
    if (Array.isArray(node.childNodes)) stack.push(...node.childNodes);
  }
  return renamed;
}

/**
 * Gives every recorded element whose tag name the viewer's browser cannot create the inline
 * stand-in name, in place, in full snapshots and added nodes; returns how many were renamed.
 * Without it, rrweb's rebuild throws on such a name and the replay shows nothing.
 */
export function renameUncreatableTags(events: ChunkEvents, canCreate: CanCreateElement): number {
  let renamed = 0;
  for (const event of events) {
    if (!isRecord(event.data)) continue;
    if (event.type === FULL_SNAPSHOT) renamed += renameInTree(event.data.node, canCreate);
    else if (event.type === INCREMENTAL && event.data.source === MUTATION && Array.isArray(event.data.adds)) {
      for (const add of event.data.adds) if (isRecord(add)) renamed += renameInTree(add.node, canCreate);
    }
  }
  return renamed;
}
