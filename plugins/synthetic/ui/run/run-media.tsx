import { useEffect, useState } from 'react';
import { useApi } from '@cassette/plugin-sdk/ui';

/** A run file (screenshot or video) as a data URL: the page's API calls carry the login, an <img> cannot. */
export function useRunFile(path: string | undefined): string | null {
  const api = useApi();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!path) return;
    let live = true;
    void api.get<{ dataUrl: string }>(`${path.replace(/^\/api/, '')}?inline=1`).then(
      (answer) => live && setUrl(answer.dataUrl),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, path]);
  return url;
}

export function Screenshot({ path, alt }: { path: string | undefined; alt: string }) {
  const url = useRunFile(path);
  return url ? <img className="syn-shot" src={url} alt={alt} /> : null;
}

export function RunVideo({ path }: { path: string | undefined }) {
  const url = useRunFile(path);
  // eslint-disable-next-line jsx-a11y/media-has-caption -- a screen recording has no speech to caption
  return url ? <video className="syn-shot" src={url} controls aria-label="Video of the run" /> : null;
}
