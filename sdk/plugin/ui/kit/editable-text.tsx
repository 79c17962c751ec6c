import { useEffect, useRef, useState } from 'react';
import './editable-text.css';

/** Spec: editable text holds at most 35 characters by default. */
export const EDITABLE_TEXT_MAX_LENGTH = 35;

/** What an edit saves: the trimmed text, or null when nothing changes (unchanged, or emptied where a name is required). */
export function editedText(typed: string, previous: string, allowEmpty: boolean): string | null {
  const text = typed.trim();
  if (text === previous) return null;
  if (!text && !allowEmpty) return null;
  return text;
}

export interface EditableTextProps {
  value: string;
  onSave(value: string): void;
  /** What the text is, for screen readers ("Dashboard name"). */
  label: string;
  maxLength?: number;
  placeholder?: string;
  /** Names cannot be empty (spec part 1 §5); allow it for optional text. */
  allowEmpty?: boolean;
  /** Mounts in the input (a Rename action showed it) rather than as text to click. */
  startEditing?: boolean;
  /** An edit ended, saved or not (Enter, leaving, Escape): a Rename action can put its own view back. */
  onEditEnd?(): void;
}

/** Text that turns into an input on click: Enter or leaving saves, Escape puts the old text back. */
export function EditableText({ value, onSave, label, maxLength = EDITABLE_TEXT_MAX_LENGTH, placeholder, allowEmpty = false, startEditing = false, onEditEnd }: EditableTextProps) {
  const [editing, setEditing] = useState(startEditing);
  const [typed, setTyped] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // Enter saves and removes the input, which may also blur it: the edit ends once.
  const open = useRef(startEditing);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const start = () => {
    open.current = true;
    setTyped(value);
    setEditing(true);
  };
  const finish = (save: boolean) => {
    if (!open.current) return;
    open.current = false;
    setEditing(false);
    const text = save ? editedText(typed, value, allowEmpty) : null;
    if (text !== null) onSave(text);
    onEditEnd?.();
  };

  if (!editing) {
    return (
      <button type="button" className="cs-editable-text" aria-label={`${label}: ${value || placeholder || ''}, click to edit`} onClick={start}>
        {value || <span className="cs-editable-text__placeholder">{placeholder}</span>}
      </button>
    );
  }
  return (
    <input
      ref={input}
      className="cs-input cs-editable-text__input"
      aria-label={label}
      autoFocus
      maxLength={maxLength}
      placeholder={placeholder}
      value={typed}
      onChange={(e) => setTyped(e.target.value.slice(0, maxLength))}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish(true);
        if (e.key === 'Escape') {
          e.stopPropagation();
          finish(false);
        }
      }}
    />
  );
}
