import { useState, type ReactNode } from 'react';
import { SOURCEMAPS_MISSING_TEXT, type ResolvedStack } from '../../api.js';
import { frameBlocks, initiallyOpenFrame } from './frames.js';
import { StackFrameRow } from './stack-frame.js';

export type StackView = 'FULL' | 'RAW';

export interface StackTraceViewerProps {
  stack: ResolvedStack;
  /** Shown next to the missing-source-maps warning: where to upload them. */
  sourceMapsHint?: ReactNode;
}

export const NO_STACK_TEXT = 'No stack trace was recorded for this error.';

/** Spec part 1 §2: FULL (mapped frames with code) or RAW (as recorded), and the source-map warning. */
export function StackTraceViewer({ stack, sourceMapsHint }: StackTraceViewerProps) {
  const [view, setView] = useState<StackView>('FULL');
  const [open, setOpen] = useState<ReadonlySet<number>>(() => {
    const first = initiallyOpenFrame(stack.frames);
    return new Set(first === null ? [] : [first]);
  });
  const [shownLibraries, setShownLibraries] = useState<ReadonlySet<number>>(new Set());
  const empty = stack.frames.length === 0 && !stack.raw;

  const toggle = (set: (fn: (s: ReadonlySet<number>) => ReadonlySet<number>) => void, id: number) =>
    set((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="cs-stack" data-testid="stack-trace" data-view={view}>
      <div className="cs-stack__bar">
        <div className="cs-stack__views" role="group" aria-label="Stack view">
          {(['FULL', 'RAW'] as const).map((v) => (
            <button key={v} type="button" className={['cs-stack__view', view === v ? 'cs-stack__view--on' : ''].filter(Boolean).join(' ')} aria-pressed={view === v} onClick={() => setView(v)}>
              {v}
            </button>
          ))}
        </div>
        {stack.release && (
          <span className="cs-muted cs-stack__release">
            Release <code>{stack.release}</code>
          </span>
        )}
      </div>
      {stack.sourcemapsMissing && (
        <div className="cs-stack__warning" role="note" data-testid="sourcemaps-missing">
          <span>{SOURCEMAPS_MISSING_TEXT}</span>
          {sourceMapsHint && <span className="cs-stack__warning-hint">{sourceMapsHint}</span>}
        </div>
      )}
      {empty ? (
        <p className="cs-muted">{NO_STACK_TEXT}</p>
      ) : view === 'RAW' ? (
        <pre className="cs-stack__raw" data-testid="stack-raw">
          {stack.raw ?? stack.frames.map((f) => `    at ${f.function ?? '<anonymous>'} (${f.absPath ?? f.filename ?? ''}:${f.lineNo ?? ''}:${f.colNo ?? ''})`).join('\n')}
        </pre>
      ) : (
        <ol className="cs-stack__frames">
          {frameBlocks(stack.frames).map((block) => {
            if (block.kind === 'app')
              return <StackFrameRow key={block.frame.offset} frame={block.frame} open={open.has(block.frame.offset)} onToggle={() => toggle(setOpen, block.frame.offset)} />;
            const id = block.frames[0]!.offset;
            const shown = shownLibraries.has(id);
            const count = block.frames.length;
            return (
              <li key={`lib-${id}`} className="cs-stack__library" data-testid="library-frames">
                <button type="button" className="cs-stack__library-toggle" aria-expanded={shown} onClick={() => toggle(setShownLibraries, id)}>
                  {shown ? 'Hide' : 'Show'} {count} library {count === 1 ? 'frame' : 'frames'}
                </button>
                {shown && (
                  <ol className="cs-stack__frames">
                    {block.frames.map((frame) => (
                      <StackFrameRow key={frame.offset} frame={frame} open={open.has(frame.offset)} onToggle={() => toggle(setOpen, frame.offset)} />
                    ))}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
