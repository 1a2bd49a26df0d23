import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/index';
import { manualClock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { createStaticGeoLocator } from '../../lib/geo';
import { createOutboxSenders } from '../../messaging/senders';
import { openTemplateDatabase, uniqueEmail, uniquePhone } from '../../testing/fixtures';
import { authenticate, sessionHistory } from '../sessions/service';
import { linkExternalIdentity, signInWithExternalIdentity } from './service';

// The seam the social and GID exchanges plug into, on the seeded PGlite database.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

const deps = () => {
  const clock = manualClock('2026-05-01T10:00:00Z');
  return { db: database.db, clock, ...createOutboxSenders(database.db, clock), geo: createStaticGeoLocator(), config: defaultConfig() };
};
const meta = { ip: '203.0.113.5', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36' };
let subjects = 0;
const subject = () => `sub-${Date.now()}-${++subjects}`;

describe('signInWithExternalIdentity', () => {
  it('creates an account on first sign-in and finds it again by provider and subject', async () => {
    const d = deps();
    const identity = {
      provider: 'vk' as const,
      subject: subject(),
      email: uniqueEmail('vk'),
      emailVerified: true,
      name: 'Анна',
      lastName: 'Смирнова',
    };
    const first = await signInWithExternalIdentity(d, identity, meta);
    expect(first.user).toMatchObject({
      email: identity.email,
      email_confirmed: true,
      name: 'Анна',
      last_name: 'Смирнова',
      has_password: false,
    });
    const again = await signInWithExternalIdentity(d, { ...identity, email: uniqueEmail('changed') }, meta);
    expect(again.user.public_id).toBe(first.user.public_id);
    const auth = await authenticate(d, again.token);
    const history = await sessionHistory(d, auth!);
    expect(history.map((entry) => [entry.method, entry.os, entry.browser, entry.city])).toEqual([
      ['vk', 'Android', 'Chrome', null],
      ['vk', 'Android', 'Chrome', null],
    ]);
  });

  it('joins the account with the same verified e-mail, not with an unverified one', async () => {
    const d = deps();
    const verified = await signInWithExternalIdentity(
      d,
      { provider: 'google', subject: subject(), email: 'DEMO@geroi.example', emailVerified: true },
      meta,
    );
    expect(verified.user).toMatchObject({ email: 'demo@geroi.example', name: 'Иван' });
    const unverified = await signInWithExternalIdentity(
      d,
      { provider: 'vk', subject: subject(), email: 'vip@geroi.example', emailVerified: false },
      meta,
    );
    expect(unverified.user.name).toBeNull();
    expect(unverified.user.email).toBeNull();
  });

  it('joins by the phone the state provider vouches for (phone_number_verified: true), not by an unvouched one', async () => {
    const d = deps();
    const unvouched = await signInWithExternalIdentity(d, { provider: 'gid', subject: subject(), phone: '79990000002' }, meta);
    expect(unvouched.user).toMatchObject({ name: null, role: [], phone: null });
    const gid = await signInWithExternalIdentity(
      d,
      { provider: 'gid', subject: subject(), phone: '79990000002', phoneVerified: true },
      meta,
    );
    expect(gid.user).toMatchObject({ name: 'Мария', role: ['vip'] });
    const fresh = uniquePhone();
    const vouched = await signInWithExternalIdentity(d, { provider: 'gid', subject: subject(), phone: fresh, phoneVerified: true }, meta);
    expect(vouched.user).toMatchObject({ phone: fresh, phone_confirmed: true });
    const other = uniquePhone();
    // A number the provider did not vouch for is not kept at all (issue 20): kept unconfirmed, its
    // first SMS proof would have signed its owner into the provider account holder's account.
    const unconfirmed = await signInWithExternalIdentity(d, { provider: 'gid', subject: subject(), phone: other }, meta);
    expect(unconfirmed.user).toMatchObject({ phone: null, phone_confirmed: false });
  });

  it('attack: an account made for a stranger’s address before they sign in keeps nothing of its maker', async () => {
    const d = deps();
    const victim = uniqueEmail('victim');
    // The attacker registers the victim's address with a password of their own (never confirmed),
    // and links their own VK account to it: both are ways back in after the victim joins.
    const [made] = await d.db
      .insert(users)
      .values({ publicId: `pre-${subject()}`, email: victim, passwordHash: 'scrypt$1024$8$1$x$y', createdAt: new Date() })
      .returning();
    const attackerVk = { provider: 'vk' as const, subject: subject() };
    await linkExternalIdentity(d, made!.id, attackerVk);
    const attackerSession = await signInWithExternalIdentity(d, attackerVk, meta);
    expect(attackerSession.user.public_id).toBe(made!.publicId);

    const joined = await signInWithExternalIdentity(
      d,
      { provider: 'google', subject: subject(), email: victim, emailVerified: true },
      meta,
    );
    expect(joined.user).toMatchObject({ public_id: made!.publicId, email_confirmed: true, has_password: false });
    expect(await authenticate(d, attackerSession.token)).toBeNull();
    expect(await authenticate(d, joined.token)).not.toBeNull();
    // The attacker's VK account now makes a new, separate account.
    expect((await signInWithExternalIdentity(d, attackerVk, meta)).user.public_id).not.toBe(made!.publicId);
  });

  it('an account whose address was confirmed keeps its password and links when a provider joins it', async () => {
    const d = deps();
    const joined = await signInWithExternalIdentity(
      d,
      { provider: 'google', subject: subject(), email: 'vip@geroi.example', emailVerified: true },
      meta,
    );
    expect(joined.user).toMatchObject({ email: 'vip@geroi.example', has_password: true });
  });

  it('links a provider account to the signed-in user, and refuses one linked elsewhere', async () => {
    const d = deps();
    const owner = await signInWithExternalIdentity(d, { provider: 'vk', subject: subject() }, meta);
    const other = await signInWithExternalIdentity(d, { provider: 'google', subject: subject() }, meta);
    const ownerId = (await authenticate(d, owner.token))!.user.id;
    const otherId = (await authenticate(d, other.token))!.user.id;
    const identity = { provider: 'google' as const, subject: subject() };
    expect((await linkExternalIdentity(d, ownerId, identity)).user.public_id).toBe(owner.user.public_id);
    expect((await linkExternalIdentity(d, ownerId, identity)).user.public_id).toBe(owner.user.public_id);
    await expect(linkExternalIdentity(d, otherId, identity)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Этот аккаунт уже привязан к другому пользователю',
    });
    expect((await signInWithExternalIdentity(d, identity, meta)).user.public_id).toBe(owner.user.public_id);
  });
});

describe('isUniqueViolation', () => {
  it("recognises a unique-key clash through drizzle's error wrapping", async () => {
    const clash = await database.db
      .insert(users)
      .values({ publicId: 'dup-check', email: 'demo@geroi.example', createdAt: new Date() })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(clash)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('two first sign-ins with one identity at once end in one account', async () => {
    const d = deps();
    const identity = { provider: 'google' as const, subject: subject(), email: uniqueEmail('race'), emailVerified: true };
    const [a, b] = await Promise.all([signInWithExternalIdentity(d, identity, meta), signInWithExternalIdentity(d, identity, meta)]);
    expect(a.user.public_id).toBe(b.user.public_id);
  });
});
