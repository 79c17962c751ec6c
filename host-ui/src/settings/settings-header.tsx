import type { ReactNode } from 'react';

export function SettingsHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="cs-page__header">
      <div>
        <h1 className="cs-page__title">{title}</h1>
        {description && <p className="cs-muted">{description}</p>}
      </div>
      {actions && <div className="cs-page__actions">{actions}</div>}
    </div>
  );
}
