import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps a failing page (or a chunk that failed to load) from taking the whole shell down. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Cassette: a page crashed', error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="cs-page">
        <div className="cs-card cs-error-card" role="alert">
          <h2>Something went wrong</h2>
          <p>This page could not be shown. Reload the page to try again.</p>
          <pre className="cs-error-card__detail">{this.state.error.message}</pre>
          <button type="button" className="cs-btn cs-btn--primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    );
  }
}
