import { describe, expect, it } from 'vitest';
import { backendTarget } from './forward';

const backend = 'http://127.0.0.1:3100/some/base';

describe('backendTarget (issue 15: the example server forwards only to its backend)', () => {
  it('keeps path and query on the backend origin', () => {
    expect(backendTarget('/api/v0.3/backend/oauth/token?x=1', backend)?.href).toBe(
      'http://127.0.0.1:3100/api/v0.3/backend/oauth/token?x=1',
    );
  });

  it.each([
    '//other.host/api/v0.3/backend/oauth/token',
    'http://other.host/api/v0.3/backend/oauth/token',
    '/\\other.host/api/v0.3/backend/oauth/token',
    '\\\\other.host/api/v0.3/backend/oauth/token',
    'other.host/api/v0.3/backend/oauth/token',
  ])('attack: %s is not sent to another host', (line) => {
    expect(backendTarget(line, backend)).toBeNull();
  });

  it('refuses a path that leaves the backend prefix', () => {
    expect(backendTarget('/api/v0.3/backend/oauth/../../../admin', backend)).toBeNull();
    expect(backendTarget('/index.html', backend)).toBeNull();
  });
});
