// One broken rule, worded so that the reader knows the file, what it does, which rule that
// breaks and how to fix it.
/**
 * @typedef {object} Violation
 * @property {string} rule       short id of the rule, e.g. `browser-server`
 * @property {string} file       path from the repository root
 * @property {number} line
 * @property {string} specifier  the import (or, for SQL, the table name) at fault
 * @property {string} message    the whole sentence, for people
 */

/** @returns {Violation} */
export function violation(repo, { rule, file, line, specifier, found = `imports "${specifier}"`, problem, fix }) {
  const path = repo.rel(file);
  return { rule, file: path, line, specifier, message: `${path}:${line} ${found}: ${problem} [${rule}]. ${fix}` };
}
