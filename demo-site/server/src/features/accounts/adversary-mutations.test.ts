import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { tickets, users } from '../../db/schema/index';
import {
  AcceptTransfers,
  Confirm,
  ForwardConfirmation,
  GiftTicket,
  GuessBurst,
  Leak,
  newWorld,
  OpenForwarded,
  OrderWithoutSession,
  OrganizerGrants,
  openWorld,
  PasswordSignIn,
  PutProfile,
  Register,
  Reset,
  runSteps,
  UseRoles,
  type WorldBase,
} from '../../testing/adversary';
import { openTemplateDatabase } from '../../testing/fixtures';

// Issue 33: each invariant of the adversary (src/testing/adversary.ts) shown to catch a mutation of the
// rule it guards. The server's rules are switched off here by wrapping the functions that carry them
// (`mutations`); the model's people by the world's own switches. Each sequence keeps the invariants
// with the rule in place and breaks them without it.
const mutations = vi.hoisted(() => new Set<string>());

vi.mock('./service', async (importOriginal) => {
  const original = await importOriginal<typeof import('./service')>();
  return {
    ...original,
    // The guard of PUT /api/user (and of every call adding a way in): gone.
    requireProvenAccount: async (...args: Parameters<typeof original.requireProvenAccount>) => {
      if (!mutations.has('no-proven-guard')) await original.requireProvenAccount(...args);
    },
    // The claim clears the profile: no longer.
    proveEmail: async (...args: Parameters<typeof original.proveEmail>) => {
      if (!mutations.has('claim-keeps-profile')) return original.proveEmail(...args);
      const [db, userId] = args;
      const [before] = await db.select().from(users).where(eq(users.id, userId));
      const proven = await original.proveEmail(...args);
      await db.update(users).set({ name: before!.name, extraContact: before!.extraContact }).where(eq(users.id, userId));
      return { ...proven, name: before!.name, extraContact: before!.extraContact };
    },
    // A reset no longer ends the sessions (nor removes what the old password linked).
    recoverAccount: async (...args: Parameters<typeof original.recoverAccount>) =>
      mutations.has('recovery-keeps-sessions') ? { networks: [], phone: null } : original.recoverAccount(...args),
  };
});

vi.mock('../account-lockout/service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../account-lockout/service')>();
  return {
    ...original,
    // Check, then count: the lock is read before the check and a failure counted after it.
    checkCountedPassword: async (...args: Parameters<typeof original.checkCountedPassword>) => {
      if (!mutations.has('check-then-act')) return original.checkCountedPassword(...args);
      const [deps, subject, , check] = args;
      await original.assertPasswordNotLocked(deps, subject);
      if (await check()) return true;
      await original.countFailure(deps, subject, deps.config.passwordLockout);
      return false;
    },
  };
});

vi.mock('../organizer/staff', async (importOriginal) => {
  const original = await importOriginal<typeof import('../organizer/staff')>();
  return {
    ...original,
    // The old rule (finding 2): the scanner goes to whichever account holds the address, proven or not.
    grantStaff: async (...args: Parameters<typeof original.grantStaff>) => {
      if (!mutations.has('grant-unproven')) return original.grantStaff(...args);
      const [deps, who, email] = args;
      await deps.db.update(users).set({ emailConfirmedAt: deps.clock.now() }).where(eq(users.email, email));
      try {
        return await original.grantStaff(...args);
      } finally {
        await deps.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.email, email));
        void who;
      }
    },
  };
});

let database: DatabaseHandle;
let world: WorldBase;
beforeAll(async () => {
  database = await openTemplateDatabase();
  world = await openWorld(database);
});
afterAll(async () => {
  await world.api.close();
  await database.close();
});

/** The sequence keeps the invariants with the rule, and breaks the one named without it. */
async function caught(sequence: () => Parameters<typeof runSteps>[1], switchedOff: string[], broken: RegExp) {
  mutations.clear();
  await expect(runSteps(newWorld(world), sequence())).resolves.toBeUndefined();
  const model: string[] = switchedOff.filter((name) => name === 'verify-posts-on-load' || name === 'checkout-signs-in');
  for (const name of switchedOff) if (!model.includes(name)) mutations.add(name);
  try {
    await expect(runSteps(newWorld(world, model), sequence())).rejects.toThrow(broken);
  } finally {
    mutations.clear();
  }
}

describe('each invariant catches the mutation of the rule it guards', () => {
  it('the victim is never inside an account the attacker can open ← the confirmation page shows whose account first', async () => {
    await caught(
      () => [new OrderWithoutSession('attacker', 'own', 'guest'), new ForwardConfirmation('attacker'), new OpenForwarded('victim', false)],
      ['verify-posts-on-load'],
      /the victim holds a session of an account the attacker can open \(its e-mail is theirs\)/,
    );
  });

  it('nothing the attacker wrote is in the victim’s account after the claim ← PUT /api/user guarded, the claim clears the profile', async () => {
    await caught(
      () => [new OrderWithoutSession('attacker', 'other', 'guest'), new PutProfile('attacker', 0), new Reset('victim', 1)],
      // The checkout no longer signs in the account it opens (finding 6): the session the guard met then, given back.
      ['checkout-signs-in', 'no-proven-guard', 'claim-keeps-profile'],
      /the attacker left «Мэллори» in the profile of the victim's account/,
    );
  });

  it('after the victim’s recovery no attacker session opens the account ← the reset ends every session', async () => {
    await caught(
      () => [
        new Register('victim', 'own', 1),
        new Confirm('victim', null),
        new Leak('attacker'),
        new PasswordSignIn('attacker', 'other'),
        new Reset('victim', 2),
      ],
      ['recovery-keeps-sessions'],
      /after resetPassword\(victim, own e-mail\): the attacker holds a session of the victim's account/,
    );
  });

  it('no account the attacker opens holds a role granted to the victim’s e-mail ← roles only for a proven address (the attacker in the victim-addressed account through the old checkout)', async () => {
    await caught(
      () => [new OrderWithoutSession('attacker', 'other', 'guest'), new OrganizerGrants('staff'), new UseRoles('attacker', 0)],
      ['checkout-signs-in', 'grant-unproven'],
      /an account the attacker's session opens holds the scanner granted to the victim/,
    );
  });

  it('a burst of guesses gets no more checks than the limit ← counted before checking, atomically', async () => {
    await caught(
      () => [new Register('victim', 'own', 1), new Confirm('victim', null), new GuessBurst('attacker', 'other', 40)],
      ['check-then-act'],
      /guesses sent at once were checked \(the limit is 10\)/,
    );
  });
});

describe('the model’s ticket steps do what they say', () => {
  it('a ticket given to the victim’s e-mail is not claimed by the attacker’s account holding that e-mail unproven; the victim claims it', async () => {
    const w = newWorld(world);
    await runSteps(w, [new OrderWithoutSession('attacker', 'other', 'guest'), new GiftTicket('victim'), new AcceptTransfers('attacker')]);
    const [gift] = w.actors.victim.gifts;
    expect(gift).toBeDefined();
    const [pending] = await world.api.deps.db.select().from(tickets).where(eq(tickets.publicId, gift!));
    expect(pending!.transferStatus).toBe('pending');
    await runSteps(w, [new Reset('victim', 1), new PasswordSignIn('victim', 'own'), new AcceptTransfers('victim')]);
    const [claimed] = await world.api.deps.db.select().from(tickets).where(eq(tickets.publicId, gift!));
    expect(claimed!.transferStatus).toBe('accepted');
    const [owner] = await world.api.deps.db.select().from(users).where(eq(users.id, claimed!.userId!));
    expect(owner!.email).toBe(w.actors.victim.email);
  });
});
