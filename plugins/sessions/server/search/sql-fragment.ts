import type { SqlFragment } from '../../api.js';

/**
 * A tiny builder for parameterised SQL. Every value interpolated into `sql\`...\`` becomes a
 * `?` placeholder and a parameter; only a `Fragment` (built the same way, or by `trusted` from
 * a constant in code) is spliced as text. So no value from a request can reach the SQL text.
 */
export class Fragment implements SqlFragment {
  constructor(
    readonly sql: string,
    readonly params: unknown[],
  ) {}

  /** A plain copy, for callers outside the compiler. */
  toJSON(): SqlFragment {
    return { sql: this.sql, params: [...this.params] };
  }
}

/** A question mark in the text would be read as a placeholder (the jsonb `?` operators too). */
function assertNoPlaceholder(text: string): void {
  if (text.includes('?')) throw new Error(`SQL text may not contain "?" outside placeholders: ${text}`);
}

/** SQL text written in our code (a column name from a fixed table, an operator from NUMBER_OPERATOR_SQL). */
export function trusted(text: string): Fragment {
  assertNoPlaceholder(text);
  return new Fragment(text, []);
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Fragment {
  let text = '';
  const params: unknown[] = [];
  strings.forEach((part, i) => {
    assertNoPlaceholder(part);
    text += part;
    if (i >= values.length) return;
    const value = values[i];
    if (value instanceof Fragment) {
      text += value.sql;
      params.push(...value.params);
      return;
    }
    // An array parameter expands to a list (`in (?)`, `array[?]`); an empty one would be a syntax error.
    if (Array.isArray(value) && value.length === 0) throw new Error('an empty list cannot be a SQL parameter');
    if (value === undefined) throw new Error('undefined cannot be a SQL parameter');
    text += '?';
    params.push(value);
  });
  return new Fragment(text, params);
}

export function join(fragments: readonly Fragment[], separator: ' and ' | ' or ' | ', ' | ' '): Fragment {
  return new Fragment(fragments.map((f) => f.sql).join(separator), fragments.flatMap((f) => f.params));
}

export const TRUE = trusted('true');
export const FALSE = trusted('false');

/** Every fragment holds (true when there are none); each is parenthesised. */
export function allOf(all: readonly Fragment[]): Fragment {
  const fragments = all.filter((f) => f !== TRUE);
  if (fragments.length === 0) return TRUE;
  if (fragments.length === 1) return fragments[0]!;
  return join(
    fragments.map((f) => sql`(${f})`),
    ' and ',
  );
}

/** At least one fragment holds (false when there are none). */
export function anyOf(all: readonly Fragment[]): Fragment {
  const fragments = all.filter((f) => f !== FALSE);
  if (fragments.length === 0) return FALSE;
  if (fragments.length === 1) return fragments[0]!;
  return join(
    fragments.map((f) => sql`(${f})`),
    ' or ',
  );
}

/** The plain `{ sql, params }` the SessionFilterCompiler contract hands out. */
export function plain(fragment: Fragment): SqlFragment {
  return fragment.toJSON();
}
