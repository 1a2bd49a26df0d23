import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import fc from 'fast-check';
import { defaultConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import {
  certificates,
  eventCities,
  eventFormats,
  eventStaff,
  externalIdentities,
  orders,
  organisationMembers,
  organisations,
  tickets,
  users,
} from '../db/schema/index';
import type { IdentityProvider, IdentityProviders } from '../features/identity-providers/provider';
import { authenticate, createSession } from '../features/sessions/service';
import { verifyPassword } from '../lib/crypto';
import { readOutbox } from '../messaging/senders';
import { createTestApp, type TestApp } from './fixtures';
import { insertTicket, signedInUser } from './purchases';

/**
 * The adversary of issues 20 and 33: two people, a victim and an attacker, each controlling only their
 * own mailbox, phone and network accounts, drive the real HTTP app (`app.inject`, PGlite) through random
 * sequences of every sign-in, registration, link, change, checkout and recovery path — with a clock (24 h
 * links, lockouts, hold expiry) and steps sent at once (the password throttle's race). After every step
 * the invariants, both ways:
 *
 * - the attacker holds no session, password, link or contact of an account that any of the victim's
 *   proven identifiers reach, nor reads the victim's orders — except while the victim's password is
 *   leaked (a `leak` step), until the victim recovers by the reset: after it, none again;
 * - the victim never holds a session of an account the attacker can open (login CSRF);
 * - nothing the attacker wrote (`PUT /api/user`) is in an account the victim's proven identifiers reach;
 * - a burst of password guesses gets no more checks than the per-account limit.
 *
 * A counterexample prints as the list of steps (fast-check's replay path and seed).
 */

type Who = 'victim' | 'attacker';
type Network = 'vk' | 'google' | 'gid';
const networks: Network[] = ['vk', 'google', 'gid'];

interface Actor {
  who: Who;
  email: string;
  phone: string;
  subjects: Record<Network, string>;
  /** The session tokens this person holds. */
  tokens: string[];
  /** Every password this person ever chose (for any address). */
  passwords: string[];
  /** The orders this person placed (their public ids). */
  orders: string[];
  /** The orders this person placed signed in (an account's: only its token reads them). */
  signedInOrders: string[];
  /** Confirmation links someone else forwarded to this person (login CSRF bait). */
  forwarded: string[];
  /** Tickets a third party transferred to this person's e-mail (their public ids). */
  gifts: string[];
}

export interface World {
  api: TestApp;
  certificate: string;
  /** A format of an event months ahead: the tickets a third party gives the victim (claimed by e-mail). */
  ticketFormat: string | null;
  /**
   * A third party, the seed's organiser (owner of «Забег Героев»), who gives the victim's e-mail the check-in
   * scanner of one of its event cities and a manager's role when the victim asks (issue 33's staff steps).
   */
  organizer: { token: string; organisation: string; eventCity: string };
  run: number;
  actors: Record<Who, Actor>;
  steps: number;
  /** The victim's password is known to the attacker (a leak) and the victim has not recovered since. */
  compromised: boolean;
  /**
   * Rules of the model's people switched off, to show an invariant catches it (adversary-mutations.test.ts):
   * `verify-posts-on-load` — the confirmation page signs in without showing whose account it is;
   * `checkout-signs-in` — the guest checkout's «register» answers with the new account's session (before issue 33).
   */
  mutations: Set<string>;
  /** What the organiser granted the victim's e-mail in this run (the invariant looks for it in the attacker's hands). */
  grants: number;
}

/** What the attacker types into a profile: found in a victim's account, it was planted. */
export const ATTACKER_MARK = 'Мэллори';

/** What a provider says about one of an actor's accounts there: the code the fake provider exchanges is these claims. */
export interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
}

/** A provider that trusts its code: the code is the claims (each actor only makes codes of their own accounts). */
export function fakeProvider(clientId: string): IdentityProvider {
  return {
    clientId,
    exchangeCode: async ({ code }) => {
      const claims = JSON.parse(Buffer.from(code, 'base64url').toString()) as Claims;
      return { tokens: { access_token: 'at', token_type: 'bearer' } as never, claims: { ...claims } };
    },
    refresh: async () => {
      throw new Error('not used');
    },
    revoke: async () => {},
  };
}

/** The demo's three sign-in networks as fake providers (codes are the claims: see `providerCode`). */
export const fakeProviders = (): IdentityProviders => ({
  gid: fakeProvider('demo-site'),
  vk: fakeProvider('vk'),
  google: fakeProvider('google'),
});

export type WorldBase = Omit<World, 'actors' | 'run' | 'steps' | 'compromised' | 'mutations' | 'grants'>;

export async function openWorld(database: DatabaseHandle): Promise<WorldBase> {
  const providers = fakeProviders();
  const base = defaultConfig();
  const api = await createTestApp(database, {
    // Codes as often as asked: the caps are another test's business; this one is about who holds what.
    sms: { ...base.sms, resendCooldownMs: 0, perTargetHourly: 1_000_000, failedChecksHourly: 1_000_000 },
  });
  // The routes read `deps.providers` at each call: the fake networks and GID take over.
  api.deps.providers = providers;
  const [certificate] = await database.db.select({ publicId: certificates.publicId }).from(certificates).limit(1);
  if (!certificate) throw new Error('the seed has no certificate to buy');
  const [format] = await database.db
    .select({ publicId: eventFormats.publicId })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .where(gt(eventCities.startTime, new Date(api.clock.now().getTime() + 60 * 86_400_000)))
    .limit(1);
  const signIn = await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'org@geroi.example', password: 'Org12345' } });
  if (signIn.statusCode !== 200) throw new Error(`the seed's organiser cannot sign in: ${signIn.body}`);
  const [heroes] = await database.db.select().from(organisations).where(eq(organisations.name, 'Забег Героев'));
  const [place] = await database.db
    .select({ publicId: eventCities.publicId })
    .from(eventCities)
    .where(gt(eventCities.startTime, api.clock.now()))
    .orderBy(eventCities.startTime)
    .limit(1);
  if (!heroes || !place) throw new Error('the seed has no organisation «Забег Героев» or no upcoming event city');
  return {
    api,
    certificate: certificate.publicId,
    ticketFormat: format?.publicId ?? null,
    organizer: { token: signIn.json().token, organisation: heroes.publicId, eventCity: place.publicId },
  };
}

let runCounter = 0;
export function newActors(): Record<Who, Actor> {
  const run = ++runCounter;
  const make = (who: Who, digit: number): Actor => ({
    who,
    email: `${who}.${process.pid}.${run}@adversary.example`,
    phone: `79${digit}${String(process.pid % 10_000).padStart(4, '0')}${String(run % 10_000).padStart(4, '0')}`,
    subjects: { vk: `${who}-vk-${process.pid}-${run}`, google: `${who}-g-${process.pid}-${run}`, gid: `${who}-gid-${process.pid}-${run}` },
    tokens: [],
    passwords: [],
    orders: [],
    signedInOrders: [],
    forwarded: [],
    gifts: [],
  });
  return { victim: make('victim', 1), attacker: make('attacker', 2) };
}

const other = (who: Who): Who => (who === 'victim' ? 'attacker' : 'victim');
type Body = Record<string, unknown>;

async function call(w: World, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) {
  const response = await w.api.request({ method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });
  if (response.statusCode >= 500) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
}

/** The newest letter or SMS of a kind in an actor's own mailbox or phone. */
async function newest(w: World, to: string, kind: string) {
  const messages = await readOutbox(w.api.deps.db, { to, limit: 20 });
  return messages.find((message) => message.meta.kind === kind)?.meta;
}

const codeOf = (link: string | undefined) => link?.split(/[/#=]/).pop();

/** A proof of who the session's owner is, with what this actor has: one of their passwords, or a code that reached them. */
async function proofFor(w: World, actor: Actor, token: string, via: 'password' | 'code'): Promise<Body[]> {
  if (via === 'password') return actor.passwords.map((password) => ({ current_password: password }));
  const sent = await call(w, 'POST', '/api/user/proof/code', {}, token);
  if (sent.status !== 200) return [];
  const meta = (await newest(w, actor.email, 'account_proof')) ?? (await newest(w, actor.phone, 'account_proof'));
  // Only a code that came to this actor's own mailbox or phone: one sent to the other person is theirs.
  return meta?.code ? [{ proof_code: meta.code }] : [];
}

const keep = (actor: Actor, body: Body) => {
  if (typeof body.token === 'string') actor.tokens.push(body.token);
  if (typeof body.order_id === 'string') actor.orders.push(body.order_id);
};

export const providerCode = (claims: Claims) => Buffer.from(JSON.stringify(claims)).toString('base64url');

/** The PKCE verifier of the test's social flows (any 43+ unreserved characters). */
const FLOW_VERIFIER = 'adversary-flow-verifier-'.padEnd(48, 'v');

/**
 * A social flow started at the server as the web app starts it (`POST /api/user/{network}/state`):
 * the return's redirect URI, verifier and the server's state, to send with the network's code.
 */
export async function socialFlow(api: TestApp, network: 'vk' | 'google', purpose: 'auth' | 'add') {
  const redirect_uri = `http://site.test/user/${purpose === 'add' ? 'add/auth' : 'auth'}/${network}`;
  const started = await api.request({
    method: 'POST',
    url: `/api/user/${network}/state`,
    payload: { redirect_uri, code_challenge: createHash('sha256').update(FLOW_VERIFIER).digest('base64url') },
  });
  if (started.statusCode !== 200) throw new Error(`the social flow did not start: ${started.body}`);
  return { redirect_uri, code_verifier: FLOW_VERIFIER, state: started.json().state as string };
}

/** The claims of one of an actor's network accounts. Only the actor's own contacts can be verified. */
function claimsOf(
  w: World,
  actor: Actor,
  network: Network,
  email: 'own' | 'other' | 'none',
  phone: 'own' | 'other' | 'none',
  verified: boolean,
): Claims {
  const claims: Claims = { sub: actor.subjects[network] };
  const target = w.actors[other(actor.who)];
  if (email !== 'none') {
    claims.email = email === 'own' ? actor.email : target.email;
    claims.email_verified = email === 'own' && verified;
  }
  if (phone !== 'none') {
    claims.phone_number = `+${phone === 'own' ? actor.phone : target.phone}`;
    claims.phone_number_verified = phone === 'own' && verified;
  }
  return claims;
}

type Step = fc.AsyncCommand<object, World>;

abstract class Base implements Step {
  constructor(readonly who: Who) {}
  check = () => true;
  abstract act(w: World, actor: Actor): Promise<void>;
  abstract toString(): string;
  async run(_m: object, w: World) {
    w.steps += 1;
    await this.act(w, w.actors[this.who]);
    await checkInvariant(w, this.toString());
  }
}

const emailOf = (w: World, actor: Actor, whose: 'own' | 'other') => (whose === 'own' ? actor.email : w.actors[other(actor.who)].email);

class Register extends Base {
  constructor(
    who: Who,
    readonly whose: 'own' | 'other',
    readonly n: number,
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const password = `${actor.who === 'victim' ? 'Vict' : 'Atta'}${this.n}Pw`;
    actor.passwords.push(password);
    await call(w, 'POST', '/api/user', { email: emailOf(w, actor, this.whose), password });
  }
  toString = () => `register(${this.who}, ${this.whose} e-mail)`;
}

/**
 * An order placed without a session, through either door: the guest checkout with «register»
 * (`POST /api/payment`), or the temporary user's payment (`PUT /api/user/auth/payment`: no token, an
 * e-mail anyone may type).
 */
class OrderWithoutSession extends Base {
  constructor(
    who: Who,
    readonly whose: 'own' | 'other',
    readonly door: 'guest' | 'temporary',
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const basket = { email: emailOf(w, actor, this.whose), certificates: [{ public_id: w.certificate, count: 1 }] };
    const result =
      this.door === 'guest'
        ? await call(w, 'POST', '/api/payment', { ...basket, register: true })
        : await call(w, 'PUT', '/api/user/auth/payment', basket);
    keep(actor, result.body);
    if (this.door === 'guest' && w.mutations.has('checkout-signs-in') && typeof result.body.order_id === 'string') {
      // The checkout as it was before issue 33 (finding 6): the account it opened signed in, its token in the answer.
      const [order] = await w.api.deps.db.select().from(orders).where(eq(orders.publicId, result.body.order_id));
      const [account] = order?.userId ? await w.api.deps.db.select().from(users).where(eq(users.id, order.userId)) : [];
      if (account && !account.emailConfirmedAt && !account.passwordHash)
        keep(actor, (await createSession(w.api.deps, account, 'email', { ip: undefined, userAgent: undefined })) as unknown as Body);
    }
  }
  toString = () => `${this.door === 'guest' ? 'guestCheckoutRegister' : 'temporaryUserPayment'}(${this.who}, ${this.whose} e-mail)`;
}

/**
 * Opens a confirmation link as the web page does (issue 33): it first shows whose address the link
 * confirms (`/verify/email/check`) and the person goes on only for their own address — with each of their
 * sessions (the page sends the stored token) or without one. `verify-posts-on-load` (a mutation) skips the look.
 */
async function openConfirmation(w: World, actor: Actor, code: string, token?: string) {
  if (!w.mutations.has('verify-posts-on-load')) {
    const check = await call(w, 'POST', '/api/user/verify/email/check', { code }, token);
    if (check.status !== 200 || check.body.email !== actor.email) return;
  }
  let result = await call(w, 'POST', '/api/user/verify/email', { code }, token);
  for (const password of actor.passwords) {
    if (result.status === 200) break;
    result = await call(w, 'POST', '/api/user/verify/email', { code, password }, token);
  }
  keep(actor, result.body);
}

/** Opens the newest confirmation letter in one's own mailbox (the victim opens letters they never asked for, too). */
class Confirm extends Base {
  constructor(
    who: Who,
    readonly session: number | null,
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const code = codeOf((await newest(w, actor.email, 'email_confirm'))?.link);
    if (!code) return;
    const token = this.session === null || actor.tokens.length === 0 ? undefined : actor.tokens[this.session % actor.tokens.length];
    await openConfirmation(w, actor, code, token);
  }
  toString = () => `openConfirmationLetter(${this.who}${this.session === null ? '' : `, signed in with session #${this.session}`})`;
}

/** The attacker forwards the newest confirmation link of their own mailbox to the victim (login CSRF bait). */
class ForwardConfirmation extends Base {
  async act(w: World, actor: Actor) {
    const code = codeOf((await newest(w, actor.email, 'email_confirm'))?.link);
    if (code) w.actors[other(actor.who)].forwarded.push(code);
  }
  toString = () => `forwardOwnConfirmationLink(${this.who} → ${other(this.who)})`;
}

/** The victim opens the newest link someone forwarded, on the confirmation page, signed in or not. */
class OpenForwarded extends Base {
  constructor(
    who: Who,
    readonly signedIn: boolean,
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const code = actor.forwarded.at(-1);
    if (!code) return;
    await openConfirmation(w, actor, code, this.signedIn ? actor.tokens.at(-1) : undefined);
  }
  toString = () => `openForwardedLink(${this.who}${this.signedIn ? ', signed in' : ''})`;
}

/** The confirmation letter again (`POST /api/user/confirm/email`), for one's own address or the other's. */
class ResendConfirmation extends Base {
  constructor(
    who: Who,
    readonly whose: 'own' | 'other',
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    await call(w, 'POST', '/api/user/confirm/email', { email: emailOf(w, actor, this.whose) });
  }
  toString = () => `resendConfirmation(${this.who}, ${this.whose} e-mail)`;
}

/** The victim's password reaches the attacker (phishing, a reused password): the attacker is inside until the victim recovers. */
class Leak extends Base {
  async act(w: World, actor: Actor) {
    const password = w.actors[other(actor.who)].passwords.at(-1);
    if (!password) return;
    actor.passwords.push(password);
    w.compromised = true;
  }
  toString = () => `leakVictimPassword(to ${this.who})`;
}

/** Time passes: a lockout (15 min), a reset link (1 h), a confirmation link (24 h) runs out. */
class Wait extends Base {
  constructor(readonly ms: number) {
    super('victim');
  }
  async act(w: World) {
    w.api.clock.advance(this.ms);
  }
  toString = () => `wait(${this.ms >= 3_600_000 ? `${Math.round(this.ms / 3_600_000)} h` : `${Math.round(this.ms / 60_000)} min`})`;
}

/**
 * Guesses sent at once (issue 33, finding 3): the attacker sends a burst of wrong passwords for an
 * address from as many client addresses. At most the per-account limit of them may be checked (the
 * rest are the lockout's 429) — counted before checking, atomically.
 */
class GuessBurst extends Base {
  constructor(
    who: Who,
    readonly whose: 'own' | 'other',
    readonly size: number,
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const email = emailOf(w, actor, this.whose);
    const answers = await Promise.all(
      Array.from({ length: this.size }, (_, i) =>
        w.api.request({
          method: 'PUT',
          url: '/api/auth',
          payload: { email, password: `Burst${w.steps}x${i}Guess` },
          remoteAddress: `198.51.${w.steps % 250}.${i + 1}`,
        }),
      ),
    );
    const checked = answers.filter((answer) => answer.statusCode !== 429).length;
    const limit = w.api.deps.config.passwordLockout.maxFailures;
    if (checked > limit)
      throw new Error(`after ${this}: ${checked} of ${this.size} guesses sent at once were checked (the limit is ${limit})`);
  }
  toString = () => `guessBurst(${this.who}, ${this.whose} e-mail, ${this.size} at once)`;
}

class Reset extends Base {
  constructor(
    who: Who,
    readonly n: number,
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    await call(w, 'POST', '/api/auth/resetpassword', { email: actor.email });
    const code = codeOf((await newest(w, actor.email, 'password_reset'))?.link);
    if (!code) return;
    const checked = await call(w, 'PUT', '/api/auth/resetpassword', { code });
    if (checked.status !== 200) return;
    const password = `${actor.who === 'victim' ? 'Vres' : 'Ares'}${this.n}Pw`;
    actor.passwords.push(password);
    const updated = await call(w, 'POST', '/api/auth/resetpassword/update', { secure: checked.body.secure, password });
    // The victim's recovery: from now on the leaked password opens nothing.
    if (updated.status === 200 && actor.who === 'victim') w.compromised = false;
  }
  toString = () => `resetPassword(${this.who}, own e-mail)`;
}

class PasswordSignIn extends Base {
  constructor(
    who: Who,
    readonly whose: 'own' | 'other',
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    for (const password of actor.passwords)
      keep(actor, (await call(w, 'PUT', '/api/auth', { email: emailOf(w, actor, this.whose), password })).body);
  }
  toString = () => `signInWithPassword(${this.who}, ${this.whose} e-mail, every password they chose)`;
}

class SmsSignIn extends Base {
  constructor(
    who: Who,
    readonly registration: boolean,
    readonly whose: 'own' | 'other' = 'own',
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const phone = this.whose === 'own' ? actor.phone : w.actors[other(actor.who)].phone;
    await call(w, 'POST', '/api/user/code', { phone, registration: this.registration });
    // The code reaches the phone's holder only: the attacker targeting the victim's phone reads none.
    const meta = this.whose === 'own' ? await newest(w, phone, this.registration ? 'sms_register' : 'sms_login') : undefined;
    const code = meta?.code ?? '0000';
    const url = this.registration ? '/api/user/phone' : '/api/auth/phone';
    keep(actor, (await call(w, this.registration ? 'POST' : 'PUT', url, { phone, phone_code: code })).body);
  }
  toString = () => `sms${this.registration ? 'Register' : 'SignIn'}(${this.who}, ${this.whose} phone)`;
}

class ProviderSignIn extends Base {
  constructor(
    who: Who,
    readonly network: Network,
    readonly email: 'own' | 'other' | 'none',
    readonly phone: 'own' | 'other' | 'none',
    readonly verified: boolean,
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const claims = claimsOf(w, actor, this.network, this.email, this.phone, this.verified);
    // VK (not configured as verifying) lies: it vouches for whatever address the person typed (issue 33).
    if (this.network === 'vk' && this.verified && claims.email) claims.email_verified = true;
    if (this.network === 'vk' && this.verified && claims.phone_number) claims.phone_number_verified = true;
    const code = providerCode(claims);
    const redirect_uri = 'http://site.test/callback';
    const result =
      this.network === 'gid'
        ? await call(w, 'PUT', '/api/auth/gid', {
            grant_type: 'authorization_code',
            client_id: 'demo-site',
            redirect_uri,
            code_verifier: 'v'.repeat(43),
            code,
            state: 's',
          })
        : await call(w, 'POST', `/api/user/${this.network}`, { code, ...(await socialFlow(w.api, this.network, 'auth')) });
    keep(actor, result.body);
  }
  toString = () =>
    `signInWith(${this.who}, ${this.network}, e-mail claim ${this.email}, phone claim ${this.phone}, ${this.verified ? (this.network === 'vk' ? 'vouched for without checking' : 'verified where own') : 'unverified'})`;
}

abstract class WithSession extends Base {
  constructor(
    who: Who,
    readonly session: number,
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    const token = actor.tokens.length ? actor.tokens[this.session % actor.tokens.length]! : null;
    if (token) await this.withToken(w, actor, token);
  }
  abstract withToken(w: World, actor: Actor, token: string): Promise<void>;
}

class Link extends WithSession {
  constructor(
    who: Who,
    session: number,
    readonly network: 'vk' | 'google',
    readonly via: 'password' | 'code',
  ) {
    super(who, session);
  }
  async withToken(w: World, actor: Actor, token: string) {
    for (const proof of await proofFor(w, actor, token, this.via)) {
      const given = await call(w, 'POST', '/api/user/add/proof', proof, token);
      if (given.status !== 200) continue;
      const code = providerCode(claimsOf(w, actor, this.network, 'own', 'none', true));
      await call(
        w,
        'POST',
        `/api/user/add/${this.network}`,
        { code, ...(await socialFlow(w.api, this.network, 'add')), proof: given.body.proof },
        token,
      );
      return;
    }
  }
  toString = () => `link(${this.who}, session #${this.session}, own ${this.network}, proof by ${this.via})`;
}

class Unlink extends WithSession {
  constructor(
    who: Who,
    session: number,
    readonly network: Network,
    readonly via: 'password' | 'code',
  ) {
    super(who, session);
  }
  async withToken(w: World, actor: Actor, token: string) {
    for (const proof of await proofFor(w, actor, token, this.via)) {
      if ((await call(w, 'POST', `/api/user/unlink/${this.network}`, proof, token)).status === 200) return;
    }
  }
  toString = () => `unlink(${this.who}, session #${this.session}, ${this.network}, proof by ${this.via})`;
}

class ChangeEmail extends WithSession {
  constructor(
    who: Who,
    session: number,
    readonly whose: 'own' | 'other',
    readonly via: 'password' | 'code',
  ) {
    super(who, session);
  }
  async withToken(w: World, actor: Actor, token: string) {
    const email = emailOf(w, actor, this.whose);
    for (const proof of await proofFor(w, actor, token, this.via)) {
      if ((await call(w, 'POST', '/api/user/change/email', { email, ...proof }, token)).status === 200) break;
    }
    // Whoever owns the address opens the newest change link they received, with each of their sessions and without one.
    const owner = this.whose === 'own' ? actor : w.actors[other(actor.who)];
    const code = codeOf((await newest(w, owner.email, 'email_change'))?.link);
    if (!code) return;
    for (const t of [...owner.tokens, undefined]) {
      if ((await call(w, 'POST', '/api/user/verify/new/email', { code }, t)).status === 200) return;
    }
  }
  toString = () =>
    `changeEmail(${this.who}, session #${this.session}, to ${this.whose} e-mail, proof by ${this.via}; its owner opens the link)`;
}

class ChangePhone extends WithSession {
  constructor(
    who: Who,
    session: number,
    readonly via: 'password' | 'code',
    readonly whose: 'own' | 'other' = 'own',
  ) {
    super(who, session);
  }
  async withToken(w: World, actor: Actor, token: string) {
    const phone = this.whose === 'own' ? actor.phone : w.actors[other(actor.who)].phone;
    for (const proof of await proofFor(w, actor, token, this.via)) {
      if ((await call(w, 'POST', '/api/user/phone/code', { phone, ...proof }, token)).status !== 200) continue;
      // Only the phone's holder reads the code: aimed at the victim's phone, the attacker can only guess.
      const meta = this.whose === 'own' ? await newest(w, phone, 'phone_change') : undefined;
      await call(w, 'POST', '/api/user/new/phone', { phone, phone_code: meta?.code ?? '0000' }, token);
      return;
    }
  }
  toString = () => `changePhone(${this.who}, session #${this.session}, to ${this.whose} phone, proof by ${this.via})`;
}

/**
 * A third party gives the person a ticket: bought (written directly, as a paid purchase leaves it) and
 * transferred to their e-mail (`PUT /api/user/ticket/transfer`) — claimed by whoever signs in with that
 * e-mail confirmed.
 */
class GiftTicket extends Base {
  async act(w: World, actor: Actor) {
    if (!w.ticketFormat) return;
    const giver = await signedInUser(w.api.deps, 'giver');
    const ticket = await insertTicket(w.api.deps.db, w.api.clock.now(), { formatPublicId: w.ticketFormat, userId: giver.id });
    const sent = await call(w, 'PUT', '/api/user/ticket/transfer', { public_id: ticket.publicId, email: actor.email }, giver.token);
    if (sent.status === 200) actor.gifts.push(ticket.publicId);
  }
  toString = () => `giftTicket(a third party → ${this.who}'s e-mail)`;
}

/** Accepts every ticket transferred to the victim, with each of one's sessions (`PUT /api/user/ticket/confirm/transfer`). */
class AcceptTransfers extends Base {
  async act(w: World, actor: Actor) {
    for (const id of w.actors.victim.gifts.slice(-2))
      for (const token of actor.tokens.slice(-3))
        await call(w, 'PUT', '/api/user/ticket/confirm/transfer', { public_id: id, transfer_confirm: true }, token);
  }
  toString = () => `acceptTransfers(${this.who}, the tickets given to the victim)`;
}

/** `PUT /api/user`: a profile field typed in with one of one's sessions (the attacker's is ATTACKER_MARK). */
class PutProfile extends WithSession {
  async withToken(w: World, actor: Actor, token: string) {
    const name = actor.who === 'attacker' ? ATTACKER_MARK : 'Вера';
    await call(w, 'PUT', '/api/user', { name, extra_contact: name, type_relate: 'Друг', contact_phone: '79000000000' }, token);
  }
  toString = () => `putProfile(${this.who}, session #${this.session})`;
}

/** A checkout signed in (`POST /api/payment` with the token), for one's own address: the victim's own orders are tracked. */
class SignedInCheckout extends WithSession {
  async withToken(w: World, actor: Actor, token: string) {
    const result = await call(
      w,
      'POST',
      '/api/payment',
      { email: actor.email, certificates: [{ public_id: w.certificate, count: 1 }] },
      token,
    );
    if (typeof result.body.order_id === 'string') {
      actor.orders.push(result.body.order_id);
      actor.signedInOrders.push(result.body.order_id);
    }
  }
  toString = () => `signedInCheckout(${this.who}, session #${this.session})`;
}

/** `GET /api/order/:id` of the other person's orders placed signed in, with each of one's sessions and without one. */
class ReadOrders extends Base {
  async act(w: World, actor: Actor) {
    const theirs = w.actors[other(actor.who)].signedInOrders;
    for (const id of theirs.slice(-2)) {
      for (const token of [...actor.tokens.slice(-2), undefined]) {
        const read = await call(w, 'GET', `/api/order/${id}`, undefined, token);
        if (read.status === 200 && actor.who === 'attacker' && !w.compromised)
          throw new Error(`after ${this}: the attacker read the victim's order ${id}, placed signed in`);
      }
    }
  }
  toString = () => `readOrders(${this.who}, the other's signed-in orders)`;
}

class SetPassword extends WithSession {
  constructor(
    who: Who,
    session: number,
    readonly via: 'password' | 'code',
    readonly n: number,
  ) {
    super(who, session);
  }
  async withToken(w: World, actor: Actor, token: string) {
    const password = `${actor.who === 'victim' ? 'Vset' : 'Aset'}${this.n}Pw`;
    for (const proof of await proofFor(w, actor, token, this.via)) {
      const body = proof.current_password ? { old_password: proof.current_password } : proof;
      if ((await call(w, 'PUT', '/api/user/password', { ...body, new_password: password }, token)).status === 200) {
        actor.passwords.push(password);
        return;
      }
    }
  }
  toString = () => `setPassword(${this.who}, session #${this.session}, proof by ${this.via})`;
}

class EndSessions extends WithSession {
  constructor(
    who: Who,
    session: number,
    readonly all: boolean,
  ) {
    super(who, session);
  }
  async withToken(w: World, _actor: Actor, token: string) {
    if (this.all) await call(w, 'DELETE', '/api/auth/session', undefined, token);
    else await call(w, 'POST', '/api/auth/logout', undefined, token);
  }
  toString = () => `${this.all ? 'endOtherSessions' : 'logOut'}(${this.who}, session #${this.session})`;
}

class SignInLink extends Base {
  async act(w: World, actor: Actor) {
    await call(w, 'POST', '/api/auth/link', { email: actor.email });
    const code = codeOf((await newest(w, actor.email, 'sign_in_link'))?.link);
    if (!code) return;
    const check = await call(w, 'POST', '/api/auth/link/check', { code });
    // The person looks at the account the page names before signing in.
    if (check.status === 200 && check.body.email === actor.email)
      keep(actor, (await call(w, 'POST', '/api/auth/link/session', { code })).body);
  }
  toString = () => `signInByLink(${this.who}, own e-mail)`;
}

/**
 * The victim asks the organiser for a role and the organiser gives it to the victim's e-mail (issue 33,
 * finding 2): the check-in scanner of an event city, or a manager's seat in the organisation. The server
 * gives it only to a proven account holding the address; whoever typed the address first does not matter.
 */
class OrganizerGrants extends Base {
  constructor(readonly role: 'staff' | 'manager') {
    super('victim');
  }
  async act(w: World, actor: Actor) {
    const { token, organisation, eventCity } = w.organizer;
    const result =
      this.role === 'staff'
        ? await call(w, 'POST', '/api/organizer/staff', { event_city_public_id: eventCity, email: actor.email }, token)
        : await call(w, 'POST', `/api/organizer/organisation/${organisation}/members`, { email: actor.email, role: 'manager' }, token);
    if (result.status === 200 || result.status === 201) w.grants += 1;
  }
  toString = () => `organizerGrants(${this.role} to the victim's e-mail)`;
}

/** A person uses what a role opens, with one of their sessions: the scanner's event list and the back office's. */
class UseRoles extends WithSession {
  async withToken(w: World, actor: Actor, token: string) {
    const [staff, office] = await Promise.all([
      call(w, 'GET', '/api/staff/events', undefined, token),
      call(w, 'GET', '/api/organizer/events', undefined, token),
    ]);
    if (actor.who !== 'attacker' || w.compromised) return;
    const scanner = staff.status === 200 && JSON.stringify(staff.body).includes(w.organizer.eventCity);
    if (scanner) throw new Error(`after ${this.toString()}: the attacker's session opens the scanner granted to the victim`);
    if (office.status === 200)
      throw new Error(`after ${this.toString()}: the attacker's session opens the back office granted to the victim`);
  }
  toString = () => `useRoles(${this.who}, session #${this.session})`;
}

/** The invariants, after every step. Throws with the step that broke it. */
export async function checkInvariant(w: World, after: string): Promise<void> {
  const { victim, attacker } = w.actors;
  const db = w.api.deps.db;
  const clock = { db, clock: w.api.clock };
  const linked = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(inArray(externalIdentities.subject, Object.values(victim.subjects)));
  const reached = await db
    .select()
    .from(users)
    .where(
      or(
        eq(users.email, victim.email),
        eq(users.phone, victim.phone),
        ...(linked.length
          ? [
              inArray(
                users.id,
                linked.map((row) => row.userId),
              ),
            ]
          : []),
      ),
    );
  // The accounts the attacker's sessions open, and the victim's orders: none of them may be in one.
  const attackerAccounts = new Set<number>();
  for (const token of attacker.tokens) {
    const held = await authenticate(clock, token);
    if (held) attackerAccounts.add(held.user.id);
  }

  // While the victim's password is leaked the attacker is inside by right; after the victim's reset, no more.
  if (w.compromised) return;

  // Nobody grants the attacker anything: a scanner or an organiser's seat in an account the attacker's
  // sessions open was given to the victim's e-mail (issue 33, finding 2).
  if (w.grants && attackerAccounts.size) {
    const ids = [...attackerAccounts];
    const [scanner] = await db.select({ userId: eventStaff.userId }).from(eventStaff).where(inArray(eventStaff.userId, ids)).limit(1);
    const [seat] = await db
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .where(inArray(organisationMembers.userId, ids))
      .limit(1);
    if (scanner) throw new Error(`after ${after}: an account the attacker's session opens holds the scanner granted to the victim`);
    if (seat) throw new Error(`after ${after}: an account the attacker's session opens holds the organiser's seat granted to the victim`);
  }

  if (victim.orders.length && attackerAccounts.size) {
    const owned = await db
      .select({ publicId: orders.publicId, userId: orders.userId })
      .from(orders)
      .where(inArray(orders.publicId, victim.orders));
    for (const order of owned)
      if (order.userId !== null && attackerAccounts.has(order.userId))
        throw new Error(`after ${after}: the attacker's session reads the victim's order ${order.publicId}`);
  }
  for (const account of reached) {
    const reachedBy = [
      account.email === victim.email && account.emailConfirmedAt ? 'e-mail' : null,
      account.phone === victim.phone && account.phoneConfirmedAt ? 'phone' : null,
      linked.some((row) => row.userId === account.id) ? 'network' : null,
    ].filter(Boolean);
    if (reachedBy.length === 0) continue;
    const fail = (what: string) => {
      throw new Error(`after ${after}: the attacker ${what} of the victim's account (reached by the victim's ${reachedBy.join(', ')})`);
    };
    if (attackerAccounts.has(account.id)) fail('holds a session');
    if (account.passwordHash) {
      for (const password of attacker.passwords)
        if (await verifyPassword(password, account.passwordHash)) fail(`knows the password «${password}»`);
    }
    const links = await db.select().from(externalIdentities).where(eq(externalIdentities.userId, account.id));
    if (links.some((link) => Object.values(attacker.subjects).includes(link.subject))) fail('holds a linked network account');
    if (account.email === attacker.email || account.phone === attacker.phone) fail('holds a contact');
    // Nothing the attacker wrote is in the victim's account (issue 33): a profile planted before the claim goes with it.
    if ([account.name, account.extraContact].includes(ATTACKER_MARK)) fail(`left «${ATTACKER_MARK}» in the profile`);
  }
  // A ticket given to the victim's e-mail is claimed only by the address's owner: never by an account the attacker opens.
  if (victim.gifts.length) {
    const claimed = await db
      .select({ publicId: tickets.publicId, user: users })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(and(inArray(tickets.publicId, victim.gifts), eq(tickets.transferStatus, 'accepted')));
    for (const ticket of claimed) {
      const opens = await attackerOpens(w, ticket.user, attackerAccounts);
      if (opens)
        throw new Error(
          `after ${after}: the ticket ${ticket.publicId} given to the victim went to an account the attacker can open (${opens})`,
        );
    }
  }
  // Both ways (issue 33): the victim never holds a session of an account the attacker can open.
  for (const token of victim.tokens) {
    const held = await authenticate(clock, token);
    if (!held) continue;
    const opens = await attackerOpens(w, held.user, attackerAccounts);
    if (opens) throw new Error(`after ${after}: the victim holds a session of an account the attacker can open (${opens})`);
  }
}

/** How the attacker can open an account, if they can: a session of it, a password, a contact or a network of theirs. */
async function attackerOpens(w: World, account: typeof users.$inferSelect, attackerAccounts: Set<number>): Promise<string | null> {
  const { attacker } = w.actors;
  if (attackerAccounts.has(account.id)) return 'a session of it';
  if (account.email === attacker.email) return 'its e-mail is theirs';
  if (account.phone === attacker.phone && account.phoneConfirmedAt) return 'its phone is theirs';
  if (account.passwordHash) {
    for (const password of attacker.passwords)
      if (await verifyPassword(password, account.passwordHash)) return `the password «${password}»`;
  }
  const links = await w.api.deps.db.select().from(externalIdentities).where(eq(externalIdentities.userId, account.id));
  if (links.some((link) => Object.values(attacker.subjects).includes(link.subject))) return 'a network of theirs';
  return null;
}

const who = fc.constantFrom<Who>('victim', 'attacker');
const whose = (w: Who) => (w === 'victim' ? fc.constant<'own' | 'other'>('own') : fc.constantFrom<'own' | 'other'>('own', 'other'));
const via = fc.constantFrom<'password' | 'code'>('password', 'code');
const session = fc.nat(3);
const n = fc.nat(9);

const phoneWhose = (w: Who) => (w === 'victim' ? fc.constant<'own' | 'other'>('own') : fc.constantFrom<'own' | 'other'>('own', 'other'));

/** Every step either person may take. The victim acts only on their own things; the attacker types the victim's addresses too. */
export const steps = [
  who.chain((w) => fc.tuple(whose(w), n).map(([x, k]) => new Register(w, x, k))),
  // Each door a step kind of its own: an order is what a victim's purchase leak needs, so it comes often.
  who.chain((w) => whose(w).map((x) => new OrderWithoutSession(w, x, 'guest'))),
  who.chain((w) => whose(w).map((x) => new OrderWithoutSession(w, x, 'temporary'))),
  fc.tuple(who, fc.option(session, { nil: null })).map(([w, s]) => new Confirm(w, s)),
  who.chain((w) => whose(w).map((x) => new ResendConfirmation(w, x))),
  fc.constant(new ForwardConfirmation('attacker')),
  fc.boolean().map((signedIn) => new OpenForwarded('victim', signedIn)),
  fc.tuple(who, n).map(([w, k]) => new Reset(w, k)),
  who.chain((w) => whose(w).map((x) => new PasswordSignIn(w, x))),
  who.chain((w) => fc.tuple(fc.boolean(), phoneWhose(w)).map(([r, x]) => new SmsSignIn(w, r, x))),
  who.chain((w) =>
    fc
      .tuple(
        fc.constantFrom<Network>(...networks),
        w === 'victim' ? fc.constantFrom<'own' | 'none'>('own', 'none') : fc.constantFrom<'own' | 'other' | 'none'>('own', 'other', 'none'),
        w === 'victim' ? fc.constantFrom<'own' | 'none'>('own', 'none') : fc.constantFrom<'own' | 'other' | 'none'>('own', 'other', 'none'),
        fc.boolean(),
      )
      .map(([net, e, p, v]) => new ProviderSignIn(w, net, e, p, v)),
  ),
  fc.tuple(who, session, fc.constantFrom<'vk' | 'google'>('vk', 'google'), via).map(([w, s, net, v]) => new Link(w, s, net, v)),
  fc.tuple(who, session, fc.constantFrom<Network>(...networks), via).map(([w, s, net, v]) => new Unlink(w, s, net, v)),
  who.chain((w) => fc.tuple(session, whose(w), via).map(([s, x, v]) => new ChangeEmail(w, s, x, v))),
  who.chain((w) => fc.tuple(session, via, phoneWhose(w)).map(([s, v, x]) => new ChangePhone(w, s, v, x))),
  fc.tuple(who, session, via, n).map(([w, s, v, k]) => new SetPassword(w, s, v, k)),
  fc.tuple(who, session, fc.boolean()).map(([w, s, all]) => new EndSessions(w, s, all)),
  who.map((w) => new SignInLink(w)),
  fc.tuple(who, session).map(([w, s]) => new PutProfile(w, s)),
  fc.tuple(who, session).map(([w, s]) => new SignedInCheckout(w, s)),
  fc.constant(new GiftTicket('victim')),
  who.map((w) => new AcceptTransfers(w)),
  who.map((w) => new ReadOrders(w)),
  fc.constant(new Leak('attacker')),
  fc.constantFrom<'staff' | 'manager'>('staff', 'manager').map((role) => new OrganizerGrants(role)),
  fc.tuple(who, session).map(([w, s]) => new UseRoles(w, s)),
  fc.constantFrom(16 * 60_000, 61 * 60_000, 25 * 3_600_000).map((ms) => new Wait(ms)),
  fc.tuple(whose('attacker'), fc.integer({ min: 11, max: 16 })).map(([x, size]) => new GuessBurst('attacker', x, size)),
];

/** The property: any sequence of steps keeps the invariants. */
export function adversaryProperty(world: WorldBase, counters: { sequences: number; steps: number }, maxCommands: number) {
  return fc.asyncProperty(fc.commands(steps, { maxCommands }), async (commands) => {
    const real: World = {
      ...world,
      actors: newActors(),
      run: counters.sequences,
      steps: 0,
      compromised: false,
      mutations: new Set(),
      grants: 0,
    };
    counters.sequences += 1;
    await fc.asyncModelRun(() => ({ model: {}, real }), commands);
    counters.steps += real.steps;
  });
}

/** A world for a fixed sequence of steps (the mutation tests), with the model's rules given as switched off. */
export function newWorld(world: WorldBase, mutations: string[] = []): World {
  return { ...world, actors: newActors(), run: 0, steps: 0, compromised: false, mutations: new Set(mutations), grants: 0 };
}

/** Runs steps one after another on a world, each followed by the invariants (as the property does). */
export async function runSteps(w: World, sequence: Step[]): Promise<void> {
  for (const step of sequence) await step.run({}, w);
}

export {
  AcceptTransfers,
  Confirm,
  ForwardConfirmation,
  GiftTicket,
  GuessBurst,
  Leak,
  OpenForwarded,
  OrderWithoutSession,
  OrganizerGrants,
  PasswordSignIn,
  PutProfile,
  Register,
  Reset,
  UseRoles,
};
