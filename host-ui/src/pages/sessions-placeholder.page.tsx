import { hostSlots, NoContent, Slot, useCurrentProject } from '@cassette/plugin-sdk/ui';
import { Link } from 'react-router-dom';
import { onboardingPath } from '../routing/routes.js';

/** Shown on /{siteId}/sessions when no enabled plugin provides the sessions page. */
export default function SessionsPlaceholderPage() {
  const project = useCurrentProject();
  return (
    <div className="cs-page">
      <div className="cs-page__header">
        <h1 className="cs-page__title">Sessions</h1>
      </div>
      <div className="cs-card">
        <NoContent
          title="No recordings found"
          subtext="Install the Cassette tracker on your website to start recording sessions. Recordings appear here once the first visits come in."
        >
          <Link to={onboardingPath('installing')} className="cs-btn cs-btn--primary">
            See how to install
          </Link>
        </NoContent>
        <Slot slot={hostSlots.sessionsPlaceholder} props={{ project }} />
      </div>
    </div>
  );
}
