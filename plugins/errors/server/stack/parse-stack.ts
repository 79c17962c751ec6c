import type { StackFrame } from '../../api.js';
import { isInAppLocation } from './in-app.js';

/** A stack longer than this is cut: the top frames say where it broke, the rest only costs space. */
export const MAX_FRAMES = 100;
/** Longer lines are not frames a browser writes; they are skipped rather than run through the patterns. */
const MAX_LINE_LENGTH = 2000;

const V8_FRAME = /^\s*at\s+(.*)$/;
const V8_CALL = /^(.*?)\s+\((.*)\)$/;
// `eval at handler (https://x/app.js:3:9), <anonymous>:1:1`: the frame is placed where eval was called.
const V8_EVAL_ORIGIN = /^eval at [^(]*\((.*?)\)(?:,\s*.*)?$/;
const GECKO_EVAL = /^(.*?) line (\d+) > (?:eval|Function)/;
const LINE_AND_COLUMN = /^(.*?):(\d+):(\d+)$/;
const LINE_ONLY = /^(.*?):(\d+)$/;
const BARE_LOCATION = /^[a-z][a-z0-9+.-]*:\/\/\S+:\d+(?::\d+)?$/i;

interface Location {
  absPath: string | null;
  lineNo: number | null;
  colNo: number | null;
}

function positive(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function parseLocation(raw: string): Location {
  const text = raw.trim();
  if (!text || text === 'native' || text === '[native code]' || /^index \d+$/.test(text)) return { absPath: null, lineNo: null, colNo: null };
  const gecko = GECKO_EVAL.exec(text);
  if (gecko) return { absPath: gecko[1]!, lineNo: positive(gecko[2]), colNo: null };
  const full = LINE_AND_COLUMN.exec(text);
  if (full) return { absPath: full[1]!, lineNo: positive(full[2]), colNo: positive(full[3]) };
  const line = LINE_ONLY.exec(text);
  if (line) return { absPath: line[1]!, lineNo: positive(line[2]), colNo: null };
  return { absPath: text, lineNo: null, colNo: null };
}

/** The path part of a script URL: no origin, query or hash. Non-URLs (`<anonymous>`) are kept as they are. */
export function pathOf(absPath: string | null): string | null {
  if (absPath === null) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(absPath);
  const rest = scheme ? scheme[3]! : absPath;
  const path = rest.split(/[?#]/, 1)[0]!;
  if (!scheme) return path || absPath;
  return path || '/';
}

function frame(fn: string | null, location: Location): Omit<StackFrame, 'offset'> {
  const name = fn?.trim() || null;
  return {
    absPath: location.absPath,
    filename: pathOf(location.absPath),
    function: name,
    lineNo: location.lineNo,
    colNo: location.colNo,
    context: null,
    inApp: isInAppLocation(location.absPath),
  };
}

function parseV8(body: string): Omit<StackFrame, 'offset'> | null {
  const call = V8_CALL.exec(body);
  if (!call) {
    // `at https://x/app.js:1:2` (no function) or `at <anonymous>`.
    return frame(null, parseLocation(body));
  }
  const fn = call[1]!;
  const where = call[2]!;
  const evalOrigin = V8_EVAL_ORIGIN.exec(where);
  if (evalOrigin) return frame(fn, parseLocation(evalOrigin[1]!));
  return frame(fn, parseLocation(where));
}

function parseGecko(line: string): Omit<StackFrame, 'offset'> | null {
  const text = line.trim();
  if (!text) return null;
  if (text === '[native code]') return frame(null, parseLocation(text));
  // Split at the first `@`: CDN URLs carry `@` in package versions (`/npm/lib@1.2.3/x.js`).
  const at = text.indexOf('@');
  if (at >= 0) return frame(text.slice(0, at), parseLocation(text.slice(at + 1)));
  if (BARE_LOCATION.test(text)) return frame(null, parseLocation(text));
  return null;
}

const HEADER = /^\s*[A-Za-z_$][\w$.]*:\s/;

/** "TypeError: x is undefined": no frame line starts with an identifier, a colon and a space. */
function isHeader(line: string, name?: string | null): boolean {
  const text = line.trim();
  if (name && (text === name || text.startsWith(`${name}:`))) return true;
  return HEADER.test(text);
}

/**
 * Turns a recorded `stack` into frames, newest call first. Understands V8 (Chrome, Edge,
 * Node: `at fn (url:line:col)`) and Gecko / JavaScriptCore (Firefox, Safari:
 * `fn@url:line:col`). The "Name: message" header and any line that is not a frame (a
 * message spanning lines) are skipped.
 */
export function parseStack(stack: string | null | undefined, name?: string | null): StackFrame[] {
  if (!stack) return [];
  const lines = stack.split(/\r?\n/);
  const v8 = lines.some((l) => V8_FRAME.test(l));
  const frames: StackFrame[] = [];
  lines.forEach((line, index) => {
    if (frames.length >= MAX_FRAMES || line.length > MAX_LINE_LENGTH) return;
    if (index === 0 && isHeader(line, name)) return;
    let parsed: Omit<StackFrame, 'offset'> | null = null;
    if (v8) {
      const match = V8_FRAME.exec(line);
      if (match) parsed = parseV8(match[1]!.trim());
    } else {
      parsed = parseGecko(line);
    }
    if (parsed) frames.push({ ...parsed, offset: frames.length });
  });
  return frames;
}
