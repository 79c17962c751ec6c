import { useEffect, useState } from 'react';
import { Button, ConfirmDialog, CopyButton, COPY_FEEDBACK_SHORT_MS, FormErrors, Spinner, useHost, type Client } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import './organization-api-key.css';

/** GET /api/client and POST /api/client/api-key answer the key to admins. */
type ClientWithKey = Client & { apiKey?: string };

export const REGENERATE_WARNING = 'Generate a new API key? The current key stops working at once: build pipelines that use it will fail until they are given the new key.';

/** Enough of the key to tell two keys apart without showing it to someone looking over a shoulder. */
export function maskApiKey(key: string): string {
  return `${key.slice(0, 4)}${'•'.repeat(24)}${key.slice(-4)}`;
}

/**
 * Admins read, copy and replace the organization API key that build pipelines (the source-map
 * upload) authenticate with; other members see nothing (the server does not give them the key).
 */
export function OrganizationApiKey() {
  const { account } = useHost();
  return account.admin || account.superAdmin ? <ApiKeyBlock /> : null;
}

/** The key is fetched here rather than read from the session, so it is always the current one. */
function ApiKeyBlock() {
  const { api, toast } = useHost();
  const [apiKey, setApiKey] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [errors, setErrors] = useState<string[]>([]);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [regenerating, setRegenerating] = useState(false);

  useEffect(() => {
    let current = true;
    api
      .get<ClientWithKey>('/client')
      .then((client) => current && setApiKey(client.apiKey ?? null))
      .catch((error: unknown) => current && setErrors(errorsOf(error)))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api]);

  const regenerate = async () => {
    setRegenerating(true);
    setErrors([]);
    try {
      const client = await api.post<ClientWithKey>('/client/api-key');
      setApiKey(client.apiKey ?? null);
      setShown(true);
      toast('New API key generated: give it to your build pipelines', 'success');
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setRegenerating(false);
      setConfirming(false);
    }
  };

  return (
    <section className="cs-card" aria-labelledby="organization-api-key-title">
      <h2 className="cs-card__title" id="organization-api-key-title">
        Organization API Key
      </h2>
      <p className="cs-muted">
        Build pipelines use this key to upload source maps, for example{' '}
        <code>cassette sourcemaps upload --api-key &lt;key&gt; --project-key &lt;project key&gt; --release &lt;version&gt; ./dist</code>. Keep it secret, like a password.
      </p>
      {loading ? (
        <Spinner />
      ) : (
        <>
          {apiKey ? (
            <div className="cs-api-key">
              <code className="cs-api-key__value" data-testid="organization-api-key">
                {shown ? apiKey : maskApiKey(apiKey)}
              </code>
              <Button variant="ghost" size="small" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
                {shown ? 'Hide' : 'Show'}
              </Button>
              <CopyButton content={apiKey} feedbackMs={COPY_FEEDBACK_SHORT_MS} />
            </div>
          ) : (
            errors.length === 0 && <p>The current key cannot be shown (the server's secret keys changed since it was made). Generate a new key and give it to your pipelines.</p>
          )}
          <FormErrors errors={errors} />
          <div className="cs-form__actions">
            <Button variant="secondary" onClick={() => setConfirming(true)} disabled={regenerating}>
              Generate new key
            </Button>
          </div>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Generate a new API key"
          message={REGENERATE_WARNING}
          confirmLabel="Generate new key"
          loading={regenerating}
          onConfirm={() => void regenerate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
