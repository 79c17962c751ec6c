// Atlassian Document Format, the rich-text JSON Jira Cloud's REST v3 takes and returns for
// descriptions and comments: plain text in (links made clickable), plain text out.

export interface AdfMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface AdfNode {
  type: string;
  text?: string;
  marks?: AdfMark[];
  attrs?: Record<string, unknown>;
  content?: AdfNode[];
}

export interface AdfDoc {
  type: 'doc';
  version: 1;
  content: AdfNode[];
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** One line's text nodes: each http(s) URL carries a link mark to itself. */
function inlineNodes(line: string): AdfNode[] {
  const nodes: AdfNode[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    // A sentence's closing punctuation is not part of the address.
    const href = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    if (start > last) nodes.push({ type: 'text', text: line.slice(last, start) });
    nodes.push({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
    last = start + href.length;
  }
  if (last < line.length) nodes.push({ type: 'text', text: line.slice(last) });
  return nodes;
}

/** Blank lines separate paragraphs; a single line break stays a hard break. Empty text is an empty document. */
export function textToAdf(text: string): AdfDoc {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block): AdfNode => {
      const content: AdfNode[] = [];
      block.split('\n').forEach((line, i) => {
        if (i > 0) content.push({ type: 'hardBreak' });
        content.push(...inlineNodes(line));
      });
      return { type: 'paragraph', content };
    });
  return { type: 'doc', version: 1, content: paragraphs };
}

const BLOCKS = new Set(['paragraph', 'heading', 'blockquote', 'codeBlock', 'listItem', 'rule', 'panel', 'tableRow', 'mediaSingle']);

/** What a reader sees of a document, as plain text (blocks on their own lines; mentions, emoji and cards by their text). */
export function adfToText(node: unknown): string {
  if (typeof node === 'string') return node;
  if (!node || typeof node !== 'object') return '';
  const n = node as AdfNode;
  if (n.type === 'text') return n.text ?? '';
  if (n.type === 'hardBreak') return '\n';
  if (n.type === 'mention' || n.type === 'emoji') return String(n.attrs?.text ?? '');
  if (n.type === 'inlineCard') return String(n.attrs?.url ?? '');
  const inner = (n.content ?? []).map(adfToText);
  if (n.type === 'doc') return inner.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  const joined = inner.join('');
  return BLOCKS.has(n.type) ? `${joined}\n` : joined;
}
