import type { ReactNode } from 'react';
import { FormErrors, Loader } from '@cassette/plugin-sdk/ui';
import { Logo } from '../shell/logo.js';

export function FullPageLoader() {
  return (
    <div className="cs-full-page">
      <Loader />
    </div>
  );
}

export function FullPageMessage({ title, errors, children }: { title: string; errors?: string[]; children?: ReactNode }) {
  return (
    <div className="cs-full-page">
      <div className="cs-card cs-full-page__card">
        <Logo />
        <h1 className="cs-full-page__title">{title}</h1>
        <FormErrors errors={errors} />
        <div className="cs-full-page__actions">{children}</div>
      </div>
    </div>
  );
}
