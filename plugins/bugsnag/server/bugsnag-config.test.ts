import { describe, expect, it } from 'vitest';
import { validateBugsnagConfig } from './bugsnag-config.js';

const TOKEN = '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d';
const PATTERN_MESSAGE = 'Authorization token must be letters and digits grouped 8-4-4-4-12 (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)';

describe('Bugsnag configuration (spec part 2 §5)', () => {
  it('accepts a token of letters and digits grouped 8-4-4-4-12 and a project id', () => {
    expect(validateBugsnagConfig({ authorizationToken: TOKEN, bugsnagProjectId: '50baee27a43ccdf778000002' })).toEqual({});
    expect(validateBugsnagConfig({ authorizationToken: 'ABCDEFGH-ijkl-MNOP-qrst-UVWXYZ012345', bugsnagProjectId: 'p' })).toEqual({});
  });

  it('refuses any other token shape, and an empty project id', () => {
    for (const token of ['0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d', '0a1b2c3-4e5f-6a7b-8c9d-0e1f2a3b4c5d', '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d0', '0a1b2c3d-4e5f-6a7b-8c9d_0e1f2a3b4c5d', '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5!', `${TOKEN}\n`.replace('\n', ' x')]) {
      expect(validateBugsnagConfig({ authorizationToken: token, bugsnagProjectId: 'p' }), token).toEqual({ authorizationToken: PATTERN_MESSAGE });
    }
    expect(validateBugsnagConfig({ authorizationToken: '', bugsnagProjectId: '' })).toEqual({ authorizationToken: 'Authorization token is required', bugsnagProjectId: 'Project id is required' });
  });
});
