/**
 * The decoder of the mapping library reads any text without complaint (an unknown character
 * decodes as garbage), so the shape of `mappings` is checked here first: base64 VLQ values,
 * 1, 4 or 5 per segment, segments split by `,` and lines by `;`. The values themselves are
 * decoded by the library and checked against `sources` and `names` afterwards.
 */

const CONTINUATION = 1;
const TERMINAL = 2;

// Base64 digits with the VLQ continuation bit (value >= 32) continue a value; the others end it.
const DIGIT_KIND = new Uint8Array(128);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) {
  DIGIT_KIND[c.charCodeAt(0)] = i >= 32 ? CONTINUATION : TERMINAL;
}

/** A value wider than 32 bits takes more than 7 digits; no real map has one. */
const MAX_DIGITS_PER_VALUE = 7;

/** Null when `mappings` is well formed, else where and why it is not. */
export function mappingsSyntaxProblem(mappings: string): string | null {
  let line = 1;
  let valuesInSegment = 0;
  let digitsInValue = 0;
  let segmentStartsLine = true;
  const endSegment = (separator: string): string | null => {
    if (digitsInValue > 0) return `line ${line} of the mappings ends a value in the middle (before "${separator}")`;
    if (valuesInSegment === 0 && !segmentStartsLine) return `line ${line} of the mappings has an empty segment`;
    if (valuesInSegment !== 0 && valuesInSegment !== 1 && valuesInSegment !== 4 && valuesInSegment !== 5) {
      return `line ${line} of the mappings has a segment of ${valuesInSegment} values (1, 4 or 5 expected)`;
    }
    valuesInSegment = 0;
    return null;
  };
  for (let i = 0; i < mappings.length; i++) {
    const code = mappings.charCodeAt(i);
    if (code === 44 /* , */ || code === 59 /* ; */) {
      const problem = endSegment(String.fromCharCode(code));
      if (problem) return problem;
      if (code === 59) {
        line++;
        segmentStartsLine = true;
      } else {
        segmentStartsLine = false;
      }
      continue;
    }
    const kind = code < 128 ? DIGIT_KIND[code] : 0;
    if (!kind) return `line ${line} of the mappings contains "${mappings[i]}", which is not a base64 VLQ digit`;
    digitsInValue++;
    if (digitsInValue > MAX_DIGITS_PER_VALUE) return `line ${line} of the mappings has a value too large to be a position`;
    if (kind === TERMINAL) {
      valuesInSegment++;
      digitsInValue = 0;
    }
  }
  return endSegment('the end');
}
