import { useEffect, useState } from 'react';

/** The replayed page as a layer over it sees it: its frame, document, and size in page pixels. */
export interface ReplayedPage {
  iframe: HTMLIFrameElement;
  doc: Document;
  win: Window;
  width: number;
  height: number;
}

export function replayedPage(replayRoot: HTMLElement): ReplayedPage | null {
  const iframe = replayRoot.querySelector<HTMLIFrameElement>('.replayer-wrapper iframe');
  const doc = iframe?.contentDocument;
  const win = iframe?.contentWindow;
  if (!iframe || !doc || !win) return null;
  return { iframe, doc, win, width: Number(iframe.width) || iframe.clientWidth, height: Number(iframe.height) || iframe.clientHeight };
}

/**
 * A box over the replayed page, in the replay's wrapper beside its iframe so it scales with it
 * (the wrapper appears once the replay does); removed when the caller unmounts.
 */
export function useReplayLayer(replayRoot: HTMLElement, className: string, testId: string): HTMLDivElement | null {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    let div: HTMLDivElement | null = null;
    const attach = () => {
      const wrapper = replayRoot.querySelector<HTMLElement>('.replayer-wrapper');
      if (!wrapper || div) return;
      div = document.createElement('div');
      div.className = className;
      div.dataset.testid = testId;
      wrapper.appendChild(div);
      setHost(div);
    };
    attach();
    const timer = setInterval(attach, 300);
    return () => {
      clearInterval(timer);
      div?.remove();
      setHost(null);
    };
  }, [replayRoot, className, testId]);
  return host;
}

/** Page pixels of a pointer event over the layer (the layer is scaled with the replay). */
export function pointOnLayer(host: HTMLElement, e: { clientX: number; clientY: number }): { x: number; y: number } {
  const box = host.getBoundingClientRect();
  const scale = host.offsetWidth > 0 ? box.width / host.offsetWidth : 1;
  return { x: (e.clientX - box.left) / (scale || 1), y: (e.clientY - box.top) / (scale || 1) };
}
