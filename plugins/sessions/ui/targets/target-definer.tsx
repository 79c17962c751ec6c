import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ApiError, Button, FormErrors, Loader, useApi, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { Target, TargetsAnswer } from '../../shared/targets.js';
import { pointOnLayer, replayedPage, useReplayLayer } from '../heatmap/replay-layer.js';
import { clickTarget, cssSelector, suggestedLabel } from './target-selector.js';

/** An element picked in inspector mode, waiting for its name. */
interface Picked {
  path: string;
  label: string;
}

/** What the target definer shows: targets on, inspector on (turning it on hides the targets, spec part 2 §2). */
export interface DefinerView {
  showTargets: boolean;
  inspecting: boolean;
}

const PAGE_BOX_REDRAW_MS = 700;

/** A page's targets with its defined percent, and the ways to change them. */
export function useTargets(projectId: number, url: string | null) {
  const api = useApi();
  const answer = useLatestAnswer<TargetsAnswer>(url && JSON.stringify([projectId, url]), () => api.get<TargetsAnswer>(`/${projectId}/targets_temp?url=${encodeURIComponent(url!)}`), 'The targets could not be loaded. Check your connection and try again.');
  const [errors, setErrors] = useState<string[]>([]);
  const change = useCallback(
    async (body: Record<string, unknown>) => {
      setErrors([]);
      try {
        await api.post<Target>(`/${projectId}/targets_temp`, body);
        answer.retry();
        return true;
      } catch (e) {
        setErrors(e instanceof ApiError ? e.errors : ['The target could not be saved. Check your connection and try again.']);
        return false;
      }
    },
    [api, projectId, answer],
  );
  return { answer, errors, save: (picked: Picked) => change({ ...picked, location: url }), remove: (targetId: number) => change({ targetId, remove: true }) };
}

/** A box drawn over a target's element (or the element under the pointer), in page pixels. */
interface Box {
  key: string;
  label: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

function boxOf(el: Element, key: string, label: string): Box | null {
  const r = el.getBoundingClientRect();
  return r.width > 0 || r.height > 0 ? { key, label, left: r.left, top: r.top, width: r.width, height: r.height } : null;
}

/**
 * Over the replayed page: the page's targets outlined and named, or in inspector mode the element
 * under the pointer, which a click picks. The replayed page itself never gets the pointer.
 */
export function TargetLayer({ replayRoot, targets, view, onPick }: { replayRoot: HTMLElement; targets: readonly Target[]; view: DefinerView; onPick(picked: Picked): void }) {
  const host = useReplayLayer(replayRoot, 'cs-target-layer', 'target-layer');
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [hovered, setHovered] = useState<Box | null>(null);

  useEffect(() => {
    if (!host) return;
    host.classList.toggle('cs-target-layer--inspecting', view.inspecting);
    const draw = () => {
      const page = replayedPage(replayRoot);
      if (!page) return;
      host.style.width = `${page.width}px`;
      host.style.height = `${page.height}px`;
      if (!view.showTargets || view.inspecting) return setBoxes([]);
      const found: Box[] = [];
      for (const t of targets) {
        let el: Element | null = null;
        try {
          el = page.doc.querySelector(t.path);
        } catch {
          el = null;
        }
        const box = el && boxOf(el, String(t.targetId), t.label);
        if (box) found.push(box);
      }
      setBoxes(found);
    };
    draw();
    const timer = setInterval(draw, PAGE_BOX_REDRAW_MS);
    const elementAt = (e: MouseEvent): Element | null => {
      const page = replayedPage(replayRoot);
      if (!page) return null;
      const { x, y } = pointOnLayer(host, e);
      const under = page.doc.elementFromPoint(x, y);
      return under && under !== page.doc.documentElement && under !== page.doc.body ? clickTarget(under) : null;
    };
    const onMove = (e: MouseEvent) => {
      if (!view.inspecting) return;
      const el = elementAt(e);
      setHovered(el && boxOf(el, 'hovered', cssSelector(el)));
    };
    const onClick = (e: MouseEvent) => {
      if (!view.inspecting) return;
      e.preventDefault();
      const el = elementAt(e);
      if (el) onPick({ path: cssSelector(el), label: suggestedLabel(el) });
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      replayedPage(replayRoot)?.win.scrollBy(e.deltaX, e.deltaY);
      setHovered(null);
      requestAnimationFrame(draw);
    };
    host.addEventListener('mousemove', onMove);
    host.addEventListener('click', onClick);
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      clearInterval(timer);
      host.removeEventListener('mousemove', onMove);
      host.removeEventListener('click', onClick);
      host.removeEventListener('wheel', onWheel);
    };
  }, [host, replayRoot, targets, view, onPick]);

  if (!host) return null;
  const shown = view.inspecting ? (hovered ? [hovered] : []) : boxes;
  return createPortal(
    <>
      {shown.map((b) => (
        <span
          key={b.key}
          className={`cs-target-box${view.inspecting ? ' cs-target-box--hovered' : ''}`}
          data-testid={view.inspecting ? 'target-hovered' : 'target-box'}
          style={{ left: b.left, top: b.top, width: b.width, height: b.height }}
        >
          <span className="cs-target-box__label">{b.label}</span>
        </span>
      ))}
    </>,
    host,
  );
}

/**
 * The target definer's bar (spec part 2 §2): show or hide the page's targets, inspector mode to
 * pick an element and name it, the page's defined percent, and its targets with a way to remove them.
 */
export function TargetBar({
  url,
  targets,
  view,
  picked,
  onView,
  onPicked,
  onClose,
}: {
  url: string;
  targets: ReturnType<typeof useTargets>;
  view: DefinerView;
  picked: Picked | null;
  onView(view: DefinerView): void;
  onPicked(picked: Picked | null): void;
  onClose(): void;
}) {
  const { answer, errors } = targets;
  const data = answer.data;
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!picked) return;
    setSaving(true);
    const ok = await targets.save(picked);
    setSaving(false);
    if (ok) {
      onPicked(null);
      onView({ showTargets: true, inspecting: false });
    }
  };
  return (
    <div className="cs-heatmap-bar cs-target-bar" data-testid="target-bar" role="region" aria-label="Targets">
      <strong className="cs-heatmap-bar__title" title={url}>
        Targets of {url}
      </strong>
      {answer.loading && <Loader label="Loading the targets" />}
      {data && (
        <span className="cs-heatmap-bar__counts" data-testid="target-defined">
          Defined: {data.definedPercent ?? 0}% of {data.totalClicks} {data.totalClicks === 1 ? 'click' : 'clicks'} in the last 7 days hit a target
        </span>
      )}
      <Button variant="secondary" aria-pressed={view.showTargets && !view.inspecting} onClick={() => onView({ showTargets: !(view.showTargets && !view.inspecting), inspecting: false })}>
        {view.showTargets && !view.inspecting ? 'Hide targets' : 'Show targets'}
      </Button>
      <Button variant="secondary" aria-pressed={view.inspecting} title="Point at an element of the page and click it to name it" onClick={() => onView({ showTargets: false, inspecting: !view.inspecting })}>
        Inspector
      </Button>
      <Button variant="secondary" onClick={onClose}>
        Close targets
      </Button>
      {picked && (
        <form
          className="cs-target-bar__form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label>
            Name this element{' '}
            <input className="cs-input" aria-label="Target name" value={picked.label} maxLength={100} autoFocus onChange={(e) => onPicked({ ...picked, label: e.target.value })} />
          </label>
          <code className="cs-target-bar__path" title="The element's selector">
            {picked.path}
          </code>
          <Button variant="primary" type="submit" disabled={saving || picked.label.trim() === ''}>
            {saving ? 'Saving…' : 'Save target'}
          </Button>
          <Button variant="secondary" onClick={() => onPicked(null)}>
            Cancel
          </Button>
        </form>
      )}
      <FormErrors errors={[...answer.errors, ...errors]} />
      {data && data.targets.length > 0 && (
        <ul className="cs-target-bar__list" aria-label="Targets of this page">
          {data.targets.map((t) => (
            <li key={t.targetId} data-testid="target-item" title={t.path}>
              {t.label}
              <button type="button" className="cs-btn cs-btn--link" aria-label={`Remove the target ${t.label}`} onClick={() => void targets.remove(t.targetId)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
