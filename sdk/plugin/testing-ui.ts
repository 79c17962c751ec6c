// Browser-side test kit for plugin UIs (Vitest + happy-dom): a fake host, page rendering, user actions.
// Kept apart from `@cassette/plugin-sdk/testing`, which boots the kernel and holds no React.
export { fakeHost, fakeAccount, answerRoutes, TEST_PROJECT } from './ui/testing/fake-host.js';
export type { FakeApi, FakeHost, FakeHostOptions, FakeRoutes, RouteAnswer } from './ui/testing/fake-host.js';
export { renderPage, cleanup, ELSEWHERE_TEST_ID } from './ui/testing/render-page.js';
export type { RenderedPage, RenderPageOptions } from './ui/testing/render-page.js';
export { UrlProbe, createCurrentUrl } from './ui/testing/url-probe.js';
export type { CurrentUrl } from './ui/testing/url-probe.js';
export { click, mouseDown, typeInto, chooseOption, pressKey, focus, blur, hover, settle, advance } from './ui/testing/interactions.js';
export { buttonNamed, byTestId, allByTestId, byLabel, byRole } from './ui/testing/queries.js';
