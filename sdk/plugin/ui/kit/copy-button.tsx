import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon } from './icons.js';

/** How long 'copied' shows (spec part 1 §9: 1000 ms). */
export const COPY_FEEDBACK_MS = 1000;
/** The shorter confirmation of the player, errors, tests and settings (spec part 2 §9: 500 ms in that area). */
export const COPY_FEEDBACK_SHORT_MS = 500;

/** Clipboard API where available (secure origins), a hidden textarea otherwise (plain-http self-hosting). */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && typeof window !== 'undefined' && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}

export interface CopyButtonProps {
  content: string;
  label?: string;
  copiedLabel?: string;
  /** How long 'copied' shows; 1000 ms by default. */
  feedbackMs?: number;
  className?: string;
}

export function CopyButton({ content, label = 'copy', copiedLabel = 'copied', feedbackMs = COPY_FEEDBACK_MS, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const onClick = async () => {
    try {
      await copyText(content);
    } catch {
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), feedbackMs);
  };
  return (
    <button type="button" className={['cs-btn', 'cs-btn--ghost', 'cs-btn--small', 'cs-copy', className].filter(Boolean).join(' ')} data-feedback-ms={feedbackMs} onClick={onClick}>
      {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
