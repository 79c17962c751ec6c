import { SqlFragment } from '@cassette/plugin-sdk/server';

/**
 * The generator's SQL pieces: SQL fragments (they run on the kernel's `db.sql` and splice into
 * the SDK's `sql` tag), built by a tag of its own. Unlike the SDK's, numbers are written as
 * literals, after a finiteness check, so the planner sees the generator's constants and the
 * generated data does not depend on how a driver formats a parameter; strings and booleans
 * travel as parameters (site paths hold `?`, which the text must not).
 */

/** A numeric literal; refuses NaN and infinities, which would make invalid SQL. */
export function literal(n: number): SqlFragment {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return new SqlFragment(Number.isInteger(n) ? String(n) : n.toPrecision(17), []);
}

function embed(value: unknown): SqlFragment {
  if (value instanceof SqlFragment) return value;
  if (typeof value === 'number') return literal(value);
  if (value === null) return new SqlFragment('null', []);
  if (typeof value === 'string' || typeof value === 'boolean') return new SqlFragment('?', [value]);
  throw new Error(`cannot embed ${typeof value} in SQL`);
}

/** `sql\`select ${expr} from t where a = ${'text'}\``: pieces nest, strings become parameters, numbers literals. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  let text = strings[0]!;
  const params: unknown[] = [];
  values.forEach((value, i) => {
    const p = embed(value);
    text += p.sql + strings[i + 1]!;
    params.push(...p.params);
  });
  return new SqlFragment(text, params);
}

export function joinSql(parts: readonly unknown[], separator: string): SqlFragment {
  const pieces = parts.map(embed);
  return new SqlFragment(
    pieces.map((p) => p.sql).join(separator),
    pieces.flatMap((p) => p.params),
  );
}

/** `array[...]` of literals or parameters, typed by `cast` (e.g. 'text[]', 'float8[]'). */
export function arrayOf(values: readonly unknown[], cast: string): SqlFragment {
  if (!/^[a-z0-9_]+\[\]$/.test(cast)) throw new Error(`unexpected array type ${cast}`);
  return sql`array[${joinSql(values, ', ')}]::${new SqlFragment(cast, [])}`;
}

/** An identifier the generator makes itself (staging tables): letters, digits and underscores only. */
export function identifier(name: string): SqlFragment {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier ${name}`);
  return new SqlFragment(name, []);
}
