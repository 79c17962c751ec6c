/**
 * The SQL a database error carries has the recorded data in it: MikroORM inlines parameter
 * values into the statement before sending it (`values ('…the whole batch…')`). A log needs
 * the statement's shape, not the data, so every literal becomes `?`.
 */

// Order matters: quoted forms first, so a number or quote inside a string is consumed with it.
const SQL_LITERAL = new RegExp(
  [
    /\$([A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\1\$/.source, // dollar-quoted: $$…$$, $tag$…$tag$
    /[EeXxBbNn]?'(?:[^'\\]|''|\\[\s\S])*(?:'|$)/.source, // '…', E'…\'…', X'ff', an unterminated tail
    /(?<![\w$."])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w"])/.source, // numbers, not inside names or $1
  ].join('|'),
  'g',
);

/** The statement with every string, dollar-quoted and numeric literal replaced by `?`. */
export function redactSqlLiterals(sql: string): string {
  return sql.replace(SQL_LITERAL, '?');
}
