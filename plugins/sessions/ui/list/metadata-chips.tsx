import { useState } from 'react';

/** Spec part 1 §9: metadata chips show 4 then '+N More'. */
export const VISIBLE_METADATA_CHIPS = 4;

/** `onPick`, when given, makes each chip a button that filters by its key and value. */
export function MetadataChips({ metadata, onPick }: { metadata: Record<string, string> | undefined; onPick?(key: string, value: string): void }) {
  const [expanded, setExpanded] = useState(false);
  const entries = Object.entries(metadata ?? {});
  if (entries.length === 0) return null;
  const hidden = entries.length - VISIBLE_METADATA_CHIPS;
  const shown = expanded || hidden <= 0 ? entries : entries.slice(0, VISIBLE_METADATA_CHIPS);
  return (
    <ul className="cs-chips cs-session-item__metadata" aria-label="Metadata">
      {shown.map(([key, value]) => (
        <li key={key} className="cs-chip" title={onPick ? `Show the sessions where ${key} is ${value}` : `${key}: ${value}`}>
          {onPick ? (
            <button type="button" className="cs-chip__button" data-field="metadata-chip" onClick={() => onPick(key, value)}>
              <span className="cs-session-item__metadata-key">{key}</span>
              {value}
            </button>
          ) : (
            <>
              <span className="cs-session-item__metadata-key">{key}</span>
              {value}
            </>
          )}
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <button type="button" className="cs-btn cs-btn--link cs-btn--small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Show less' : `+${hidden} More`}
          </button>
        </li>
      )}
    </ul>
  );
}
