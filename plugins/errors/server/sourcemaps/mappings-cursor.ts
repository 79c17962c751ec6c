/**
 * Reads a source map's `mappings` (base64 VLQ) one segment at a time, keeping only the running
 * values: nothing is allocated per segment. Decoding a whole map into arrays, as the mapping
 * library does, costs about 80 bytes a segment in memory (15 times the text), which is what
 * decoded maps are kept without (`mappings-index.ts`).
 *
 * Values are decoded exactly as `@jridgewell/sourcemap-codec` decodes them (same 32-bit
 * arithmetic, same sign rule), so positions agree with the library's to the column.
 */

const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) DIGIT_VALUE[c.charCodeAt(0)] = i;

const COMMA = 44;
const SEMICOLON = 59;
/** A value wider than 32 bits takes more than 7 digits; the syntax check refuses those too. */
const MAX_DIGITS_PER_VALUE = 7;

/** Mappings the cursor cannot read; the message names the generated line (from 1). */
export class MappingsProblem extends Error {}

/** Where a cursor stands: enough to resume reading from there. */
export interface CursorState {
  /** Offset in the text just after the current segment. */
  pos: number;
  /** Generated line of the current segment, from 0. */
  line: number;
  column: number;
  source: number;
  originalLine: number;
  originalColumn: number;
  name: number;
  /** Values in the current segment: 1 (a position without a source), 4, or 5 (with a name). */
  length: number;
}

export class MappingsCursor implements CursorState {
  pos = 0;
  line = 0;
  column = 0;
  source = 0;
  originalLine = 0;
  originalColumn = 0;
  name = 0;
  length = 0;

  constructor(readonly mappings: string) {}

  /** Continues from a state this cursor (or another on the same text) was in. */
  resume(state: CursorState): this {
    this.pos = state.pos;
    this.line = state.line;
    this.column = state.column;
    this.source = state.source;
    this.originalLine = state.originalLine;
    this.originalColumn = state.originalColumn;
    this.name = state.name;
    this.length = state.length;
    return this;
  }

  /**
   * Moves to the next segment, crossing `;` (a new generated line: columns restart at 0) and
   * `,`. False at the end of the text. Throws MappingsProblem on text that is not mappings.
   */
  next(): boolean {
    const text = this.mappings;
    const end = text.length;
    let pos = this.pos;
    for (; pos < end; pos++) {
      const code = text.charCodeAt(pos);
      if (code === SEMICOLON) {
        this.line++;
        this.column = 0;
      } else if (code !== COMMA) {
        break;
      }
    }
    this.pos = pos;
    if (pos >= end) return false;
    this.column += this.value();
    if (!this.segmentGoesOn()) {
      this.length = 1;
      return true;
    }
    this.source += this.value();
    this.originalLine += this.value();
    this.originalColumn += this.value();
    if (!this.segmentGoesOn()) {
      this.length = 4;
      return true;
    }
    this.name += this.value();
    if (this.segmentGoesOn()) throw this.problem('has a segment of more than 5 values');
    this.length = 5;
    return true;
  }

  private segmentGoesOn(): boolean {
    if (this.pos >= this.mappings.length) return false;
    const code = this.mappings.charCodeAt(this.pos);
    return code !== COMMA && code !== SEMICOLON;
  }

  /** One VLQ value, as sourcemap-codec's decodeInteger and decodeSign read it. */
  private value(): number {
    const text = this.mappings;
    let pos = this.pos;
    let value = 0;
    let shift = 0;
    let digit: number;
    let digits = 0;
    do {
      if (pos >= text.length) throw this.problem('ends in the middle of a value');
      const code = text.charCodeAt(pos++);
      digit = code < 128 ? DIGIT_VALUE[code]! : -1;
      if (digit < 0) {
        const found = code === COMMA || code === SEMICOLON ? 'a segment of 2 or 3 values' : `"${String.fromCharCode(code)}", which is not a base64 VLQ digit`;
        throw this.problem(`contains ${found}`);
      }
      if (++digits > MAX_DIGITS_PER_VALUE) throw this.problem('has a value too large to be a position');
      value |= (digit & 31) << shift;
      shift += 5;
    } while (digit & 32);
    this.pos = pos;
    return value & 1 ? -0x80000000 | -(value >>> 1) : value >>> 1;
  }

  private problem(what: string): MappingsProblem {
    return new MappingsProblem(`line ${this.line + 1} of the mappings ${what}`);
  }
}
