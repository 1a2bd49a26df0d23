import { describe, expect, it } from 'vitest';
import { type Body, CHROME_UA, uniqueEmail, useTestApp } from '../../testing/fixtures';

// Ending sessions from the sessions page, written as the attacks on it: another person's session id,
// a forged id, no token, a token already ended.
const app = useTestApp();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
  app.api.request({ method, url, ...(token ? { token } : {}), headers: { 'user-agent': CHROME_UA } });

/** A confirmed account signed in `count` times: its e-mail and the tokens, oldest first. */
async function accountWithSessions(count: number) {
  const email = uniqueEmail('sessions');
  const password = 'Secret12';
  expect((await app.api.request({ method: 'POST', url: '/api/user', payload: { email, password } })).statusCode).toBe(200);
  const code = (await app.api.lastMessage(email)).meta.link?.split('/').pop();
  const tokens = [
    (await app.api.request({ method: 'POST', url: '/api/user/verify/email', payload: { code, password } })).json().token as string,
  ];
  for (let index = 1; index < count; index++) {
    app.api.clock.advance(1000);
    tokens.push((await app.api.request({ method: 'PUT', url: '/api/auth', payload: { email, password } })).json().token as string);
  }
  return { email, tokens };
}

const history = async (token: string): Promise<Body[]> => (await call('POST', '/api/auth/history', token)).json().values;
const isSignedIn = async (token: string) => (await call('GET', '/api/user', token)).statusCode === 200;

describe('ending one session', () => {
  it('ends the chosen session of the caller: its token is refused at once, the others go on', async () => {
    const { tokens } = await accountWithSessions(3);
    const [oldest, middle, newest] = tokens as [string, string, string];
    const before = await history(newest);
    const target = before[1]; // the middle sign-in (newest first)
    const ended = await call('DELETE', `/api/auth/session/${target.public_id}`, newest);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: 'Сеанс завершён', current: false });
    expect(await isSignedIn(middle)).toBe(false);
    expect(await isSignedIn(oldest)).toBe(true);
    expect(await isSignedIn(newest)).toBe(true);
    const after = await history(newest);
    expect(after.map((entry) => entry.active)).toEqual([true, false, true]);
    // Again: still the caller's, already ended — nothing changes.
    expect((await call('DELETE', `/api/auth/session/${target.public_id}`, newest)).statusCode).toBe(200);
    expect(await history(newest)).toEqual(after);
  });

  it("someone else's session id is a 404 and their session goes on", async () => {
    const victim = await accountWithSessions(1);
    const attacker = await accountWithSessions(1);
    const [victimToken] = victim.tokens as [string];
    const [attackerToken] = attacker.tokens as [string];
    const [victimSession] = await history(victimToken);
    const response = await call('DELETE', `/api/auth/session/${victimSession.public_id}`, attackerToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Не найдено' });
    expect(await isSignedIn(victimToken)).toBe(true);
    expect(await history(victimToken)).toEqual([victimSession]);
  });

  it('an unknown id is the same 404; a malformed id a 400; no token a 401; an ended token cannot end others', async () => {
    const { tokens } = await accountWithSessions(2);
    const [first, second] = tokens as [string, string];
    const unknown = await call('DELETE', '/api/auth/session/0123456789abcdef01234567', second);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Не найдено' });
    expect((await call('DELETE', `/api/auth/session/${encodeURIComponent("1' or '1'='1")}`, second)).statusCode).toBe(400);
    const [newest] = await history(second);
    expect((await call('DELETE', `/api/auth/session/${newest.public_id}`)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/auth/session')).statusCode).toBe(401);

    // The first session ends itself (as logout would); with that token nothing more can be ended.
    const own = (await history(first)).find((entry) => entry.current);
    expect((await call('DELETE', `/api/auth/session/${own.public_id}`, first)).json()).toEqual({
      message: 'Сеанс завершён',
      current: true,
    });
    expect((await call('DELETE', `/api/auth/session/${newest.public_id}`, first)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/auth/session', first)).statusCode).toBe(401);
    expect(await isSignedIn(second)).toBe(true);
  });
});

describe('ending all other sessions', () => {
  it("ends every open session of the caller but this one, and nobody else's", async () => {
    const mine = await accountWithSessions(3);
    const other = await accountWithSessions(1);
    const [oldest, middle, current] = mine.tokens as [string, string, string];
    const [otherToken] = other.tokens as [string];
    const response = await call('DELETE', '/api/auth/session', current);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Остальные сеансы завершены', revoked: 2 });
    expect(await isSignedIn(oldest)).toBe(false);
    expect(await isSignedIn(middle)).toBe(false);
    expect(await isSignedIn(current)).toBe(true);
    expect(await isSignedIn(otherToken)).toBe(true);
    expect((await history(current)).map((entry) => [entry.current, entry.active])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    // Nothing left to end.
    expect((await call('DELETE', '/api/auth/session', current)).json()).toEqual({ message: 'Остальные сеансы завершены', revoked: 0 });
  });
});
