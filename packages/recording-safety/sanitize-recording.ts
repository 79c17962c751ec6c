import type { RecordingEvent } from '@cassette/tracker/protocol';
import { localName } from './qualified-names.js';

/**
 * Makes recorded DOM inert before it is stored. The player rebuilds recordings in a
 * sandboxed iframe without scripts; this is the second wall: a recording sent by a
 * hostile page (or a forged tracker) holds no script, event handler, script URL,
 * `srcdoc` document, refresh or base redirect. Everything else of the tree is kept.
 *
 * rrweb shapes handled (the server does not depend on rrweb, so they are restated):
 * event type 2 = full snapshot `{ node }`; type 3 = incremental, `data.source` 0 =
 * mutation `{ adds: [{ node }], attributes: [{ attributes }], texts }`. Serialized nodes:
 * type 0 document, 2 element `{ tagName, attributes, childNodes }`.
 */

export interface SanitizeReport {
  removedElements: number;
  removedAttributes: number;
}

const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;
const ELEMENT = 2;

/** Elements dropped whole, with their children. */
const DROPPED_TAGS = new Set(['script', 'base']);

/** Schemes that run code or load an active document when followed or framed. */
const DANGEROUS_URL = /^(?:javascript|vbscript|livescript):|^data:(?:text\/html|application\/xhtml\+xml|text\/xml|application\/xml|image\/svg\+xml|text\/javascript|application\/javascript)/;

/** Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`). */
function normalise(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();
}

function decodeEntities(value: string): string {
  // Attribute values are stored decoded, but a forged recording may carry entity text that a later
  // innerHTML-style rebuild would decode; decoding the usual forms first closes that door.
  return value.replace(/&#x([0-9a-f]+);?|&#(\d+);?|&colon;|&tab;|&newline;/gi, (m, hex: string | undefined, dec: string | undefined) => {
    if (hex) return String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff));
    if (dec) return String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff));
    const lower = m.toLowerCase();
    return lower.startsWith('&colon') ? ':' : lower.startsWith('&tab') ? '\t' : '\n';
  });
}

/** Attributes holding several URLs or values (`srcset`, SVG animation lists): each item is checked. */
const LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset', 'values', 'to', 'from', 'by']);

/** Whether an attribute value is (or, for list attributes, holds) a URL that would run code. */
export function isDangerousUrl(value: string, isList = false): boolean {
  if (DANGEROUS_URL.test(normalise(decodeEntities(value)))) return true;
  if (!isList) return false;
  return value.split(/[,;]/).some((part) => DANGEROUS_URL.test(normalise(decodeEntities(part))));
}

/** Whether an attribute must go, whatever element carries it. */
function isDangerousAttribute(name: string, value: unknown): boolean {
  const n = localName(name);
  if (n.startsWith('on')) return true;
  if (n === 'srcdoc') return true;
  if (typeof value !== 'string') return false;
  if (n === 'http-equiv' && normalise(value) === 'refresh') return true;
  return isDangerousUrl(value, LIST_ATTRIBUTES.has(n));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDroppedElement(node: Record<string, unknown>): boolean {
  if (node.type !== ELEMENT || typeof node.tagName !== 'string') return false;
  const tag = localName(node.tagName);
  if (DROPPED_TAGS.has(tag)) return true;
  if (tag === 'meta' && isRecord(node.attributes)) {
    return Object.entries(node.attributes).some(([name, value]) => localName(name) === 'http-equiv' && typeof value === 'string' && normalise(value) === 'refresh');
  }
  return false;
}

function cleanAttributes(attributes: Record<string, unknown>, report: SanitizeReport): void {
  for (const name of Object.keys(attributes)) {
    if (isDangerousAttribute(name, attributes[name])) {
      delete attributes[name];
      report.removedAttributes++;
    }
  }
}

/** Cleans a serialized node tree in place; returns false when the node itself must go. */
function cleanNode(root: unknown, report: SanitizeReport): boolean {
  if (!isRecord(root)) return true;
  if (isDroppedElement(root)) {
    report.removedElements++;
    return false;
  }
  // Iterative: a hostile tree may be as deep as the JSON limits allow.
  const stack: Record<string, unknown>[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (isRecord(node.attributes)) cleanAttributes(node.attributes, report);
    if (Array.isArray(node.childNodes)) {
      const kept: unknown[] = [];
      for (const child of node.childNodes) {
        if (isRecord(child) && isDroppedElement(child)) {
          report.removedElements++;
          continue;
        }
        kept.push(child);
        if (isRecord(child)) stack.push(child);
      }
      node.childNodes = kept;
    }
  }
  return true;
}

function cleanMutation(data: Record<string, unknown>, report: SanitizeReport): void {
  if (Array.isArray(data.adds)) {
    data.adds = data.adds.filter((add) => {
      if (!isRecord(add)) return true;
      const keep = cleanNode(add.node, report);
      return keep;
    });
  }
  if (Array.isArray(data.attributes)) {
    for (const change of data.attributes) {
      if (isRecord(change) && isRecord(change.attributes)) cleanAttributes(change.attributes, report);
    }
  }
}

/** Sanitizes rrweb events in place and says how much was removed. */
export function sanitizeRecording(events: RecordingEvent[]): SanitizeReport {
  const report: SanitizeReport = { removedElements: 0, removedAttributes: 0 };
  for (const event of events) {
    if (!isRecord(event) || !isRecord(event.data)) continue;
    if (event.type === FULL_SNAPSHOT) {
      if (!cleanNode(event.data.node, report)) delete event.data.node;
    } else if (event.type === INCREMENTAL && event.data.source === MUTATION) {
      cleanMutation(event.data, report);
    }
  }
  return report;
}
