import { Fragment, type ReactNode } from 'react';

/** `code` spans within a line of the guide. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/).map((part, i) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? <code key={i}>{part.slice(1, -1)}</code> : <Fragment key={i}>{part}</Fragment>));
}

type Block = { kind: 'code'; text: string } | { kind: 'list'; items: string[] } | { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string };

/** The small markdown a log source's setup guide is written in: paragraphs, `- ` lists, `#` headings, fenced code. */
export function guideBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().startsWith('```')) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.trim().startsWith('```')) code.push(lines[i]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (/^\s*[-*] /.test(line)) {
      flush();
      const last = blocks[blocks.length - 1];
      const item = line.replace(/^\s*[-*] /, '');
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else if (/^#{1,6} /.test(line)) {
      flush();
      blocks.push({ kind: 'heading', text: line.replace(/^#+ /, '') });
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

export function SetupGuide({ markdown }: { markdown: string }) {
  return (
    <div className="integrations-guide" data-testid="integration-setup-guide">
      {guideBlocks(markdown).map((block, i) =>
        block.kind === 'code' ? (
          <pre key={i} className="cs-code">
            {block.text}
          </pre>
        ) : block.kind === 'list' ? (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </ul>
        ) : block.kind === 'heading' ? (
          <h4 key={i}>{inline(block.text)}</h4>
        ) : (
          <p key={i}>{inline(block.text)}</p>
        ),
      )}
    </div>
  );
}
