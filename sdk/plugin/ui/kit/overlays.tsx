import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons.js';
import { isTopLayer, pushLayer } from './layers.js';

/** Mounts a portal container in <body>, registers it as the top layer and wires Escape. */
function useLayer(onEscape: () => void): HTMLDivElement | null {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const element = document.createElement('div');
    element.className = 'cs-layer';
    document.body.appendChild(element);
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const pop = pushLayer(element);
    setContainer(element);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isTopLayer(element)) {
        event.stopPropagation();
        escape.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      pop();
      element.remove();
      if (previousFocus && previousFocus.isConnected) previousFocus.focus();
    };
  }, []);
  return container;
}

/** Focus the first field of a dialog when it opens (unless something inside already has focus). */
function useInitialFocus(ref: RefObject<HTMLElement | null>, ready: boolean) {
  useEffect(() => {
    const root = ref.current;
    if (!ready || !root || root.contains(document.activeElement)) return;
    const first = root.querySelector<HTMLElement>('[autofocus], input:not([type=hidden]):not([disabled]), select, textarea');
    (first ?? root).focus();
  }, [ref, ready]);
}

export interface SidePanelProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Buttons pinned to the bottom of the panel. */
  footer?: ReactNode;
  /** Width in px (default 480; the alert form uses 580). */
  width?: number;
}

/** A full-height panel on the right; closes on Escape or its close button. Render it only while open. */
export function SidePanel({ title, onClose, children, footer, width = 480 }: SidePanelProps) {
  const container = useLayer(onClose);
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useInitialFocus(ref, container !== null);
  if (!container) return null;
  const style: CSSProperties = { width: `min(${width}px, 100vw)` };
  return createPortal(
    <div className="cs-side-panel-backdrop">
      <div ref={ref} className="cs-side-panel" role="dialog" aria-modal="true" aria-labelledby={titleId} style={style} tabIndex={-1}>
        <OverlayHeader block="cs-side-panel" titleId={titleId} title={title} onClose={onClose} />
        <div className="cs-side-panel__body">{children}</div>
        {footer && <footer className="cs-side-panel__footer">{footer}</footer>}
      </div>
    </div>,
    container,
  );
}

/** The title and close button a side panel and a modal share (`block` is the CSS block name). */
function OverlayHeader({ block, titleId, title, onClose }: { block: string; titleId: string; title: ReactNode; onClose(): void }) {
  return (
    <header className={`${block}__header`}>
      <h2 id={titleId} className={`${block}__title`}>
        {title}
      </h2>
      <button type="button" className="cs-icon-btn" aria-label="Close" onClick={onClose}>
        <CloseIcon size={18} />
      </button>
    </header>
  );
}

export interface ModalProps {
  title?: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** aria-label when there is no visible title. */
  label?: string;
}

/** A centred dialog over an overlay; closes on Escape or a click on the overlay. Render it only while open. */
export function Modal({ title, onClose, children, footer, size = 'medium', label }: ModalProps) {
  const container = useLayer(onClose);
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useInitialFocus(ref, container !== null);
  if (!container) return null;
  return createPortal(
    <div
      className="cs-modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`cs-modal cs-modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        tabIndex={-1}
      >
        {title && <OverlayHeader block="cs-modal" titleId={titleId} title={title} onClose={onClose} />}
        <div className="cs-modal__body">{children}</div>
        {footer && <footer className="cs-modal__footer">{footer}</footer>}
      </div>
    </div>,
    container,
  );
}
