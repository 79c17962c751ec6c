// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useHost } from '../host-context.js';
import { fakeHost } from './fake-host.js';
import { click } from './interactions.js';
import { buttonNamed, byLabel, byTestId } from './queries.js';
import { cleanup, ELSEWHERE_TEST_ID, renderPage } from './render-page.js';

afterEach(cleanup);

function ErrorPage() {
  const { errorId } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { currentProject } = useHost();
  return (
    <div>
      <h1>
        {errorId} in {currentProject?.name} ({search.get('tab') ?? 'overview'})
      </h1>
      <label>
        Note
        <input />
      </label>
      <button type="button" onClick={() => setSearch({ tab: 'sessions' })}>
        Sessions
      </button>
      <button type="button" onClick={() => navigate('/7/sessions')}>
        Leave
      </button>
    </div>
  );
}

describe('rendering a page', () => {
  it('puts the page on its route at the URL, inside the host', () => {
    const page = renderPage(<ErrorPage />, '/7/errors/e-1?tab=stack', '/:siteId/errors/:errorId');
    expect(page.container.querySelector('h1')?.textContent).toBe('e-1 in Shop (stack)');
    expect(page.url).toMatchObject({ path: '/7/errors/e-1', search: '?tab=stack' });
    expect(byLabel(page.container, 'Note')?.tagName).toBe('INPUT');
  });

  it('follows what the page writes to the URL, and shows a stand-in once it navigates away', async () => {
    const page = renderPage(<ErrorPage />, '/7/errors/e-1', '/:siteId/errors/:errorId', { host: fakeHost({ timezone: 'Europe/Berlin' }) });
    expect(page.host.timezone).toBe('Europe/Berlin');
    await click(buttonNamed(page.container, 'Sessions'));
    expect(page.url.search).toBe('?tab=sessions');
    await click(buttonNamed(page.container, 'Leave'));
    expect(page.url.path).toBe('/7/sessions');
    expect(byTestId(page.container, ELSEWHERE_TEST_ID)).not.toBeNull();
  });

  it('re-renders in place and cleans up after itself', () => {
    const page = renderPage(<p>first</p>);
    page.rerender(<p>second</p>);
    expect(page.container.textContent).toBe('second');
    cleanup();
    expect(document.body.innerHTML).toBe('');
    expect(() => page.unmount()).not.toThrow();
  });
});
