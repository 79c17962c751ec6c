// What the boundary rules need to know about one source file: its imports and exports (with
// whether they carry runtime values), its import.meta.glob patterns, and its string literals.
// Parsed with the TypeScript parser rather than regular expressions, so that `export … from`,
// `import { type X }`, multi-line clauses and strings that merely look like imports are read right.
import ts from 'typescript';

/**
 * @typedef {object} ModuleReference
 * @property {string} specifier
 * @property {number} line
 * @property {'import' | 'export' | 'export-star' | 'dynamic' | 'require' | 'import-type'} kind
 * @property {boolean} typeOnly  true when the reference is erased from the emitted JavaScript
 * @property {string[]} names     for `export { a, b } from`: the value names re-exported
 *
 * @typedef {object} GlobCall
 * @property {string[]} patterns
 * @property {number} line
 *
 * @typedef {object} StringLiteral
 * @property {string} text  template literals keep their text parts; each `${…}` becomes `?`
 * @property {number} line
 *
 * @typedef {object} SourceFacts
 * @property {ModuleReference[]} references
 * @property {GlobCall[]} globs
 * @property {StringLiteral[]} literals
 */

/** @returns {SourceFacts} */
export function sourceFacts(path, text) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : path.endsWith('.ts') || path.endsWith('.mts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  // JSDoc is never needed here, and skipping it makes parsing a good deal cheaper.
  const file = ts.createSourceFile(path, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, kind);
  const lineOf = (node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const references = [];
  const globs = [];
  const literals = [];
  const refer = (node, specifier, kind, typeOnly, names = []) => references.push({ specifier, line: lineOf(node), kind, typeOnly, names });

  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      refer(node, node.moduleSpecifier.text, 'import', importIsTypeOnly(node.importClause));
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (!clause || ts.isNamespaceExport(clause)) {
        refer(node, node.moduleSpecifier.text, 'export-star', node.isTypeOnly);
      } else {
        const values = node.isTypeOnly ? [] : clause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text);
        refer(node, node.moduleSpecifier.text, 'export', values.length === 0, values);
      }
      return;
    }
    if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      refer(node, node.moduleReference.expression.text, 'require', node.isTypeOnly);
      return;
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      refer(node, node.argument.literal.text, 'import-type', true);
    }
    if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteralLike(first)) refer(node, first.text, 'dynamic', false);
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require' && first && ts.isStringLiteralLike(first)) refer(node, first.text, 'require', false);
      else if (isImportMetaGlob(node.expression) && first) globs.push({ patterns: globPatterns(first), line: lineOf(node) });
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push({ text: node.text, line: lineOf(node) });
    else if (ts.isTemplateExpression(node)) {
      literals.push({ text: node.head.text + node.templateSpans.map((span) => `?${span.literal.text}`).join(''), line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { references, globs, literals };
}

// With verbatimModuleSyntax off, `import { type A, type B } from` is erased like `import type`.
function importIsTypeOnly(clause) {
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function isImportMetaGlob(expression) {
  return (
    ts.isPropertyAccessExpression(expression) &&
    expression.name.text === 'glob' &&
    ts.isMetaProperty(expression.expression) &&
    expression.expression.keywordToken === ts.SyntaxKind.ImportKeyword &&
    expression.expression.name.text === 'meta'
  );
}

function globPatterns(argument) {
  if (ts.isStringLiteralLike(argument)) return [argument.text];
  if (ts.isArrayLiteralExpression(argument)) return argument.elements.filter(ts.isStringLiteralLike).map((e) => e.text);
  return [];
}
