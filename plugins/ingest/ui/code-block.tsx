import { CopyButton } from '@cassette/plugin-sdk/ui';

/** A snippet to paste, with its copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="cs-code">
      <pre aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyButton content={code} className="cs-code__copy" />
    </div>
  );
}
