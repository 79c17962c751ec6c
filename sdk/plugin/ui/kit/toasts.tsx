import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ToastKind } from '../host-context.js';
import { CloseIcon } from './icons.js';

export const TOAST_AUTO_CLOSE_MS = 3000;

export type ShowToast = (message: string, kind?: ToastKind) => void;

interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

const ToastContext = createContext<ShowToast | null>(null);

/** Provides `useToasts()`; every toast closes itself after 3000 ms. */
export function Toasts({ children, autoCloseMs = TOAST_AUTO_CLOSE_MS }: { children: ReactNode; autoCloseMs?: number }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setItems((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback<ShowToast>(
    (message, kind = 'info') => {
      const id = nextId.current++;
      setItems((list) => {
        // The same message twice in a row (e.g. several failing requests) shows once.
        if (list.some((t) => t.message === message && t.kind === kind)) return list;
        return [...list, { id, message, kind }];
      });
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), autoCloseMs),
      );
    },
    [autoCloseMs, dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) clearTimeout(timer);
      map.clear();
    };
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {typeof document !== 'undefined' &&
        createPortal(
          <div className="cs-toasts" data-cs-layer-keep="">
            {items.map((t) => (
              <div key={t.id} className={`cs-toast cs-toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
                <span className="cs-toast__message">{t.message}</span>
                <button type="button" className="cs-toast__close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
                  <CloseIcon size={14} />
                </button>
              </div>
            ))}
          </div>,
          document.body,
        )}
    </ToastContext.Provider>
  );
}

/** The toast function of the nearest `<Toasts>`; a no-op outside one. */
export function useToasts(): ShowToast {
  return useContext(ToastContext) ?? noop;
}

const noop: ShowToast = () => {};
