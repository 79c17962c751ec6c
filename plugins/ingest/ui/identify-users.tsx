import { Link } from 'react-router-dom';
import { CodeBlock } from './code-block.js';
import { ANONYMOUS_ID_SNIPPET, IDENTIFY_SNIPPET, METADATA_SNIPPET } from './tracker-snippets.js';

/** Fill of the host's onboarding "identify users" slot. */
export function IdentifyUsersStep() {
  return (
    <div className="cs-stack cs-install">
      <p>
        Tell Cassette who your visitors are, so you can find a user's sessions by their id and by your own metadata. Call these on the{' '}
        <code className="cs-code-inline">tracker</code> you created when installing, at any time after <code className="cs-code-inline">tracker.start()</code>.
      </p>
      <h3 className="cs-install__title">User id</h3>
      <CodeBlock code={IDENTIFY_SNIPPET} label="Set the user id" />
      <h3 className="cs-install__title">Metadata</h3>
      <CodeBlock code={METADATA_SNIPPET} label="Set metadata" />
      <p className="cs-muted">
        Metadata keys are declared per project in <Link to="/client/metadata">Preferences › Metadata</Link> (up to 10); values are strings.
      </p>
      <h3 className="cs-install__title">Anonymous id</h3>
      <CodeBlock code={ANONYMOUS_ID_SNIPPET} label="Set an anonymous id" />
    </div>
  );
}
