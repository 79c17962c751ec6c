/**
 * Writes mappings (base64 VLQ) segment by segment, as sourcemap-codec's encoder writes them,
 * into a growing byte buffer: the sections of an index map are joined into one text this way
 * (`index-map.ts`) without holding them decoded or as millions of small strings.
 */

const DIGITS = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 'latin1');
const COMMA = 44;
const SEMICOLON = 59;

export interface MappedTo {
  source: number;
  originalLine: number;
  originalColumn: number;
  name?: number;
}

export class MappingsWriter {
  private buffer = Buffer.allocUnsafe(1024);
  private length = 0;
  private line = 0;
  private segmentsOnLine = 0;
  private column = 0;
  private source = 0;
  private originalLine = 0;
  private originalColumn = 0;
  private name = 0;

  /**
   * Appends a segment on generated `line` (from 0; never before the previous segment's line).
   * `mapped` absent: a position without a source.
   */
  add(line: number, column: number, mapped?: MappedTo): void {
    if (line < this.line) throw new Error(`segments must come in line order (line ${line} after line ${this.line})`);
    while (this.line < line) this.endLine();
    if (this.segmentsOnLine++ > 0) this.byte(COMMA);
    this.vlq(column - this.column);
    this.column = column;
    if (!mapped) return;
    this.vlq(mapped.source - this.source);
    this.vlq(mapped.originalLine - this.originalLine);
    this.vlq(mapped.originalColumn - this.originalColumn);
    this.source = mapped.source;
    this.originalLine = mapped.originalLine;
    this.originalColumn = mapped.originalColumn;
    if (mapped.name === undefined) return;
    this.vlq(mapped.name - this.name);
    this.name = mapped.name;
  }

  toString(): string {
    return this.buffer.toString('latin1', 0, this.length);
  }

  private endLine(): void {
    this.byte(SEMICOLON);
    this.line++;
    this.segmentsOnLine = 0;
    this.column = 0;
  }

  private vlq(value: number): void {
    let rest = value < 0 ? (-value << 1) | 1 : value << 1;
    do {
      let digit = rest & 0b11111;
      rest >>>= 5;
      if (rest > 0) digit |= 0b100000;
      this.byte(DIGITS[digit]!);
    } while (rest > 0);
  }

  private byte(value: number): void {
    if (this.length === this.buffer.length) {
      const grown = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.buffer[this.length++] = value;
  }
}
