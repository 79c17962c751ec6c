import { Link } from 'react-router-dom';
import { NoContent } from '@cassette/plugin-sdk/ui';

export const FUNNEL_NOT_FOUND = 'This funnel does not exist';

export function FunnelNotFound({ projectId }: { projectId: number }) {
  return (
    <div className="cs-page cs-funnel-page" role="alert">
      <div className="cs-card">
        <NoContent title={FUNNEL_NOT_FOUND} subtext="It may have been deleted, or it belongs to another project. The Funnels list beside the sessions shows the ones you can open.">
          <Link to={`/${projectId}/sessions`} className="cs-btn cs-btn--secondary">
            Go to Sessions
          </Link>
        </NoContent>
      </div>
    </div>
  );
}
