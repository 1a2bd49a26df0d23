import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { adversaryProperty, openWorld } from '../../testing/adversary';
import { openTemplateDatabase } from '../../testing/fixtures';

// Issues 20 and 33's adversary (src/testing/adversary.ts): a victim and an attacker, random sequences of
// every sign-in, registration, link, change, checkout and recovery path — with a clock and guesses sent at
// once — over the real HTTP app on PGlite; after every step the invariants both ways (the attacker holds
// no way into the victim's account, the victim is never inside an account the attacker can open, nothing
// the attacker wrote is in the victim's). A fresh seed each run, printed with the command that replays
// it; ADVERSARY_RUNS / ADVERSARY_SEED / ADVERSARY_STEPS change the run (bench/accounts.mjs runs 20,000).
// A counterexample is printed as its steps with the seed and path that replay it: ADVERSARY_PATH=<path>
// ADVERSARY_RUNS=1 with the same seed and steps runs that one sequence (and its shrinking) at once.
const runs = Number(process.env.ADVERSARY_RUNS ?? 1000);
const seed = Number(process.env.ADVERSARY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const maxCommands = Number(process.env.ADVERSARY_STEPS ?? 6);
const path = process.env.ADVERSARY_PATH;
const replay = `ADVERSARY_SEED=${seed} ADVERSARY_RUNS=${runs} ADVERSARY_STEPS=${maxCommands} pnpm exec vitest run demo-site/server/src/features/accounts/adversary.test.ts`;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

it(`the attacker never holds a way into the victim's account (${runs} sequences, seed ${seed})`, { timeout: 3_600_000 }, async () => {
  const world = await openWorld(database);
  const counters = { sequences: 0, steps: 0 };
  const started = performance.now();
  console.log(`adversary: seed ${seed}; replay with: ${replay}`);
  try {
    await fc.assert(adversaryProperty(world, counters, maxCommands), {
      numRuns: runs,
      seed,
      endOnFailure: true,
      ...(path ? { path } : {}),
    });
  } finally {
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `adversary: ${counters.sequences} sequences, ${counters.steps} steps, ${seconds.toFixed(1)} s (seed ${seed}, ≤ ${maxCommands} steps each; replay: ${replay})`,
    );
    await world.api.close();
  }
  if (!path) expect(counters.sequences).toBeGreaterThanOrEqual(runs);
});
