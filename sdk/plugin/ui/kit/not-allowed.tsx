import { useNavigate } from 'react-router-dom';
import { LockIcon } from './icons.js';

export const NOT_ALLOWED_TEXT = "You don't have the necessary permissions to access this feature. Please check with your admin.";
export const LIVE_SESSION_TEXT = 'This session is still live.';

export interface NotAllowedProps {
  /** The variant for a live session: says the session is still live, then the same hint. */
  live?: boolean;
}

/** The 'Not allowed' page: lock icon, the hint, and GO BACK to /. */
export function NotAllowed({ live = false }: NotAllowedProps) {
  const navigate = useNavigate();
  return (
    <section className="cs-not-allowed" aria-labelledby="cs-not-allowed-title">
      <div className="cs-not-allowed__icon">
        <LockIcon size={44} />
      </div>
      <h1 id="cs-not-allowed-title" className="cs-visually-hidden">
        Not allowed
      </h1>
      {live && <p className="cs-not-allowed__text">{LIVE_SESSION_TEXT}</p>}
      <p className="cs-not-allowed__text">{NOT_ALLOWED_TEXT}</p>
      <button type="button" className="cs-btn cs-btn--primary" onClick={() => navigate('/')}>
        GO BACK
      </button>
    </section>
  );
}
