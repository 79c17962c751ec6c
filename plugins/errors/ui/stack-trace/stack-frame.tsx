import { frameFunction, frameLocation, type ViewerFrame } from './frames.js';

export interface StackFrameRowProps {
  frame: ViewerFrame;
  open: boolean;
  onToggle(): void;
}

/** One frame: "function — file:line:col", opening to its source lines (recorded text, never HTML). */
export function StackFrameRow({ frame, open, onToggle }: StackFrameRowProps) {
  const context = frame.context ?? [];
  const canOpen = context.length > 0;
  return (
    <li
      className={['cs-frame', frame.inApp ? '' : 'cs-frame--library', open ? 'cs-frame--open' : ''].filter(Boolean).join(' ')}
      data-testid="stack-frame"
      data-offset={frame.offset}
      data-mapped={frame.mapped ? 'true' : 'false'}
    >
      <button type="button" className="cs-frame__head" aria-expanded={canOpen ? open : undefined} disabled={!canOpen} onClick={onToggle}>
        <span className="cs-frame__caret" aria-hidden="true">
          {canOpen ? (open ? '▾' : '▸') : ''}
        </span>
        <span className="cs-frame__function">{frameFunction(frame)}</span>
        <span className="cs-frame__sep" aria-hidden="true">
          —
        </span>
        <span className="cs-frame__location">{frameLocation(frame)}</span>
        {!frame.inApp && <span className="cs-frame__tag">library</span>}
      </button>
      {open && canOpen && (
        <ol className="cs-frame__context" aria-label={`Source around line ${frame.lineNo ?? ''}`}>
          {context.map(([line, text]) => (
            <li key={line} className={line === frame.lineNo ? 'cs-frame__line cs-frame__line--error' : 'cs-frame__line'} data-line={line} aria-current={line === frame.lineNo ? 'true' : undefined}>
              <span className="cs-frame__number">{line}</span>
              <code className="cs-frame__code">{text}</code>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
