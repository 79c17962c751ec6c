import { useState, type KeyboardEvent } from 'react';
import { Button } from './button.js';
import './tag-editor.css';

/** Tags hold letters and digits only (spec part 1 §5); what else is typed or pasted is dropped. */
export function tagCharacters(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '');
}

/** Keys a tag input lets through: letters, digits, and control and arrow keys (named keys such as Backspace, ArrowLeft, Enter). */
export function isTagKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  return event.key.length > 1 || /^[A-Za-z0-9]$/.test(event.key);
}

export interface TagEditorProps {
  /** A new tag, without the '#'. The editor empties itself for the next one; close it with `onClose`. */
  onAdd(tag: string): void;
  onClose(): void;
  placeholder?: string;
}

/** The spec's tag editor (part 1 §2): '#' prefix, ADD TAG and Cancel; Enter adds, Esc closes. */
export function TagEditor({ onAdd, onClose, placeholder = 'Tag name' }: TagEditorProps) {
  const [text, setText] = useState('');
  const add = () => {
    if (!text) return;
    onAdd(text);
    setText('');
  };
  return (
    <div className="cs-tag-editor" role="group" aria-label="Add tag">
      <span className="cs-tag-editor__prefix" aria-hidden="true">
        #
      </span>
      <input
        className="cs-input cs-tag-editor__input"
        aria-label="Tag"
        placeholder={placeholder}
        autoFocus
        value={text}
        onChange={(e) => setText(tagCharacters(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          } else if (e.key === 'Escape') {
            // Only the editor closes, not the panel or dialog around it.
            e.stopPropagation();
            onClose();
          } else if (!isTagKey(e)) {
            e.preventDefault();
          }
        }}
      />
      <Button size="small" variant="primary" disabled={!text} onClick={add}>
        ADD TAG
      </Button>
      <Button size="small" variant="ghost" onClick={onClose}>
        Cancel
      </Button>
    </div>
  );
}
