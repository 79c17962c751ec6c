/**
 * SQL text built from pieces that carry their own parameters, so a piece can be reused or
 * nested anywhere and the `?` placeholders always line up with the parameters. Strings
 * always travel as parameters (site paths hold `?`, which the driver would read as a
 * placeholder); numbers are written as literals, after a finiteness check, so the planner
 * sees the generator's constants.
 */
export interface Sql {
  readonly text: string;
  readonly params: readonly unknown[];
}

const SQL_MARK = Symbol('sql');
type Piece = Sql & { [SQL_MARK]: true };

function piece(text: string, params: readonly unknown[]): Piece {
  return { text, params, [SQL_MARK]: true };
}

function isPiece(value: unknown): value is Piece {
  return typeof value === 'object' && value !== null && (value as Piece)[SQL_MARK] === true;
}

/** A numeric literal; refuses NaN and infinities, which would make invalid SQL. */
export function literal(n: number): Sql {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return piece(Number.isInteger(n) ? String(n) : n.toPrecision(17), []);
}

function embed(value: unknown): Piece {
  if (isPiece(value)) return value;
  if (typeof value === 'number') return literal(value) as Piece;
  if (value === null) return piece('null', []);
  if (typeof value === 'string' || typeof value === 'boolean') return piece('?', [value]);
  throw new Error(`cannot embed ${typeof value} in SQL`);
}

/** `sql\`select ${expr} from t where a = ${'text'}\``: pieces nest, strings become parameters. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = strings[0]!;
  const params: unknown[] = [];
  values.forEach((value, i) => {
    const p = embed(value);
    text += p.text + strings[i + 1]!;
    params.push(...p.params);
  });
  return piece(text, params);
}

export function joinSql(parts: readonly unknown[], separator: string): Sql {
  const pieces = parts.map(embed);
  return piece(
    pieces.map((p) => p.text).join(separator),
    pieces.flatMap((p) => p.params),
  );
}

/** `array[...]` of literals or parameters, typed by `cast` (e.g. 'text[]', 'float8[]'). */
export function arrayOf(values: readonly unknown[], cast: string): Sql {
  if (!/^[a-z0-9_]+\[\]$/.test(cast)) throw new Error(`unexpected array type ${cast}`);
  return sql`array[${joinSql(values, ', ')}]::${piece(cast, [])}`;
}

/** An identifier the generator makes itself (staging tables): letters, digits and underscores only. */
export function identifier(name: string): Sql {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier ${name}`);
  return piece(name, []);
}
