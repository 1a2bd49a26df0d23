import { createHash } from 'node:crypto';
import { eq, inArray, or } from 'drizzle-orm';
import fc from 'fast-check';
import { defaultConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { certificates, externalIdentities, orders, users } from '../db/schema/index';
import type { IdentityProvider, IdentityProviders } from '../features/identity-providers/provider';
import { authenticate } from '../features/sessions/service';
import { verifyPassword } from '../lib/crypto';
import { readOutbox } from '../messaging/senders';
import { createTestApp, type TestApp } from './fixtures';

/**
 * The adversary of issue 20: two people, a victim and an attacker, each controlling only their own
 * mailbox, phone and network accounts, drive the real HTTP app (`app.inject`, PGlite) through random
 * sequences of every sign-in, registration, link and change path. After every step the invariant: the
 * attacker holds no session, password, link or contact of an account that any of the victim's proven
 * identifiers reach. A counterexample prints as the list of steps (fast-check's replay path and seed).
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
}

export interface World {
  api: TestApp;
  certificate: string;
  run: number;
  actors: Record<Who, Actor>;
  steps: number;
}

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

export async function openWorld(database: DatabaseHandle): Promise<Omit<World, 'actors' | 'run' | 'steps'>> {
  const providers: IdentityProviders = { gid: fakeProvider('demo-site'), vk: fakeProvider('vk'), google: fakeProvider('google') };
  const base = defaultConfig();
  const api = await createTestApp(database, {
    // Codes as often as asked: the caps are another test's business; this one is about who holds what.
    sms: { ...base.sms, resendCooldownMs: 0, perTargetHourly: 1_000_000, failedChecksHourly: 1_000_000 },
  });
  // The routes read `deps.providers` at each call: the fake networks and GID take over.
  api.deps.providers = providers;
  const [certificate] = await database.db.select({ publicId: certificates.publicId }).from(certificates).limit(1);
  if (!certificate) throw new Error('the seed has no certificate to buy');
  return { api, certificate: certificate.publicId };
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
  }
  toString = () => `${this.door === 'guest' ? 'guestCheckoutRegister' : 'temporaryUserPayment'}(${this.who}, ${this.whose} e-mail)`;
}

/** Opens the newest confirmation letter in one's own mailbox (the victim opens letters they never asked for, too). */
class Confirm extends Base {
  async act(w: World, actor: Actor) {
    const meta = await newest(w, actor.email, 'email_confirm');
    const code = codeOf(meta?.link);
    if (!code) return;
    let result = await call(w, 'POST', '/api/user/verify/email', { code });
    for (const password of actor.passwords) {
      if (result.status === 200) break;
      result = await call(w, 'POST', '/api/user/verify/email', { code, password });
    }
    keep(actor, result.body);
  }
  toString = () => `openConfirmationLetter(${this.who})`;
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
    await call(w, 'POST', '/api/auth/resetpassword/update', { secure: checked.body.secure, password });
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
  ) {
    super(who);
  }
  async act(w: World, actor: Actor) {
    await call(w, 'POST', '/api/user/code', { phone: actor.phone, registration: this.registration });
    const meta = await newest(w, actor.phone, this.registration ? 'sms_register' : 'sms_login');
    if (!meta?.code) return;
    const url = this.registration ? '/api/user/phone' : '/api/auth/phone';
    keep(actor, (await call(w, this.registration ? 'POST' : 'PUT', url, { phone: actor.phone, phone_code: meta.code })).body);
  }
  toString = () => `sms${this.registration ? 'Register' : 'SignIn'}(${this.who}, own phone)`;
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
    const code = providerCode(claimsOf(w, actor, this.network, this.email, this.phone, this.verified));
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
    `signInWith(${this.who}, ${this.network}, e-mail claim ${this.email}, phone claim ${this.phone}, ${this.verified ? 'verified where own' : 'unverified'})`;
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
  ) {
    super(who, session);
  }
  async withToken(w: World, actor: Actor, token: string) {
    for (const proof of await proofFor(w, actor, token, this.via)) {
      if ((await call(w, 'POST', '/api/user/phone/code', { phone: actor.phone, ...proof }, token)).status !== 200) continue;
      const meta = await newest(w, actor.phone, 'phone_change');
      if (meta?.code) await call(w, 'POST', '/api/user/new/phone', { phone: actor.phone, phone_code: meta.code }, token);
      return;
    }
  }
  toString = () => `changePhone(${this.who}, session #${this.session}, to own phone, proof by ${this.via})`;
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

/** The invariant, after every step. Throws with the step that broke it. */
export async function checkInvariant(w: World, after: string): Promise<void> {
  const { victim, attacker } = w.actors;
  const db = w.api.deps.db;
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
    const held = await authenticate({ db, clock: w.api.clock }, token);
    if (held) attackerAccounts.add(held.user.id);
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
  }
}

const who = fc.constantFrom<Who>('victim', 'attacker');
const whose = (w: Who) => (w === 'victim' ? fc.constant<'own' | 'other'>('own') : fc.constantFrom<'own' | 'other'>('own', 'other'));
const via = fc.constantFrom<'password' | 'code'>('password', 'code');
const session = fc.nat(3);
const n = fc.nat(9);

/** Every step either person may take. The victim acts only on their own things; the attacker types the victim's addresses too. */
export const steps = [
  who.chain((w) => fc.tuple(whose(w), n).map(([x, k]) => new Register(w, x, k))),
  // Each door a step kind of its own: an order is what a victim's purchase leak needs, so it comes often.
  who.chain((w) => whose(w).map((x) => new OrderWithoutSession(w, x, 'guest'))),
  who.chain((w) => whose(w).map((x) => new OrderWithoutSession(w, x, 'temporary'))),
  who.map((w) => new Confirm(w)),
  fc.tuple(who, n).map(([w, k]) => new Reset(w, k)),
  who.chain((w) => whose(w).map((x) => new PasswordSignIn(w, x))),
  fc.tuple(who, fc.boolean()).map(([w, r]) => new SmsSignIn(w, r)),
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
  fc.tuple(who, session, via).map(([w, s, v]) => new ChangePhone(w, s, v)),
  fc.tuple(who, session, via, n).map(([w, s, v, k]) => new SetPassword(w, s, v, k)),
  fc.tuple(who, session, fc.boolean()).map(([w, s, all]) => new EndSessions(w, s, all)),
  who.map((w) => new SignInLink(w)),
];

/** The property: any sequence of steps keeps the invariant. */
export function adversaryProperty(
  world: Omit<World, 'actors' | 'run' | 'steps'>,
  counters: { sequences: number; steps: number },
  maxCommands: number,
) {
  return fc.asyncProperty(fc.commands(steps, { maxCommands }), async (commands) => {
    const real: World = { ...world, actors: newActors(), run: counters.sequences, steps: 0 };
    counters.sequences += 1;
    await fc.asyncModelRun(() => ({ model: {}, real }), commands);
    counters.steps += real.steps;
  });
}
