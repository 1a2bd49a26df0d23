import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeShaped, rowsOf, slot } from '../../db/json-rows';
import { eventFormats, formatStock } from '../../db/schema/index';
import { onePer } from '../../lib/one-per';

/** Reserved places: call it to give them back, or `commit()` once the database holds them. */
export type Reservation = (() => void) & { commit(): void };

/**
 * Admission in front of the stock transaction. The database stays the only authority (conditional
 * updates, CHECK constraints); the gate only turns away, without touching the database, buyers who
 * cannot possibly get a place: each format and kind's figure is read once (one query for a crowd),
 * reservations are taken from it synchronously, and a failed or abandoned purchase gives them back.
 * Figures are re-read after `ttlMs` (another server process may have sold or released places), net of
 * the reservations still in flight here.
 */
export class StockGate {
  private readonly entries = new Map<string, { left: number; inflight: number; loadedAt: number; loading?: Promise<void> }>();
  /**
   * Short stock this process saw by an authoritative observation (a conditional stock update taking
   * nothing, the checkout's read): fewer than `below` places of the key were left at `seenAt`. Kept for
   * `shortTtlMs` only, per process, and dropped when places come back here (`invalidate`).
   */
  private readonly short = new Map<string, { below: number; seenAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 1000,
    /** Milliseconds on a monotonic clock; tests pass their own. */
    private readonly now: () => number = () => performance.now(),
    private readonly shortTtlMs = 1000,
  ) {}

  /**
   * Records that fewer than `below` places of `key` (`formatPublicId:kind`) were left, as the database
   * said just now (`below` 1: sold out). Buyers wanting at least that many are then refused without a
   * database read for `shortTtlMs`.
   */
  sawShort(key: string, below: number): void {
    if (below < 1) return;
    const at = this.now();
    const known = this.short.get(key);
    const fresh = known && at - known.seenAt < this.shortTtlMs;
    this.short.set(key, { below: fresh ? Math.min(known.below, below) : below, seenAt: fresh ? known.seenAt : at });
  }

  /** Whether a recent authoritative observation says some key of `wants` cannot be had (no database read). */
  knownShort(wants: Map<string, number>): boolean {
    if (this.short.size === 0) return false;
    const at = this.now();
    for (const [key, count] of wants) {
      const known = this.short.get(key);
      if (!known) continue;
      if (at - known.seenAt >= this.shortTtlMs) this.short.delete(key);
      else if (count >= known.below) return true;
    }
    return false;
  }

  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /**
   * A turn in this process's purchases that use the database, at most `turns` at once (about the
   * pool's connections), first come first served: the others wait here, not in the pool's queue, so a
   * buyer whose turn comes after the format sold out is refused from memory (`knownShort`) instead of
   * making the checkout's reads. Resolves to the function that ends the turn.
   */
  async turn(turns = 16): Promise<() => void> {
    if (this.running >= turns) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next buyer (the count stays), or is given up.
      if (next) next();
      else this.running--;
    };
  }

  /** Reserves `wants` (key `formatPublicId:kind` → places); a release function, or null when short. */
  async reserve(wants: Map<string, number>): Promise<Reservation | null> {
    if (this.knownShort(wants)) return null;
    const keys = [...wants.keys()].sort();
    await Promise.all(keys.map((key) => this.fresh(key)));
    // From here to the return nothing awaits: the check and the reservation are one step.
    if (keys.some((key) => (this.entries.get(key)?.left ?? 0) < wants.get(key)!)) return null;
    for (const key of keys) {
      const entry = this.entries.get(key)!;
      entry.left -= wants.get(key)!;
      entry.inflight += wants.get(key)!;
    }
    let settled = false;
    const settle = (giveBack: boolean) => {
      if (settled) return;
      settled = true;
      for (const key of keys) {
        const entry = this.entries.get(key);
        if (!entry) continue;
        entry.inflight -= wants.get(key)!;
        if (giveBack) entry.left += wants.get(key)!;
      }
    };
    return Object.assign(() => settle(true), { commit: () => settle(false) });
  }

  /**
   * Just before the stock transaction, for the last places only: when this process's figure for a key
   * has run low, the database's figure is read again (committed sales of every process, one read per
   * key, no lock). Other server processes may have sold those places meanwhile; a buyer who cannot get
   * one is then turned away before the transaction queues on the format's row lock. A plentiful format
   * costs nothing here. False when a key is short.
   */
  async stillAvailable(wants: Map<string, number>, lowBelow = 50): Promise<boolean> {
    const low = [...wants.keys()].filter((key) => (this.entries.get(key)?.left ?? 0) < lowBelow);
    const figures = await Promise.all(low.map((key) => this.read(key)));
    for (const [i, key] of low.entries()) {
      // The fresher figure serves this process's next buyers too.
      const entry = this.entries.get(key);
      if (entry && !entry.loading) {
        entry.left = figures[i]! - entry.inflight;
        entry.loadedAt = this.now();
      }
    }
    return low.every((key, i) => figures[i]! >= wants.get(key)!);
  }

  /** Places came back (a decline, an expiry, a refund): read the figures again next time. */
  invalidate(): void {
    for (const entry of this.entries.values()) entry.loadedAt = 0;
    this.short.clear();
  }

  /** The committed places left of `formatPublicId:kind` (unknown format: not the gate's to refuse, the payment's checks name it). */
  private async read(key: string): Promise<number> {
    const [publicId, kind] = key.split(':') as [string, string];
    // A prepared statement built once (executeShaped): at the last places of a rush every buyer reads it.
    const [row] = rowsOf<{ capacity: number; taken: number }>(
      await executeShaped(this.db, 'stock-gate read', stockFigure, { publicId, kind }),
    );
    return row ? row.capacity - row.taken : Number.POSITIVE_INFINITY;
  }

  private async fresh(key: string): Promise<void> {
    let entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) return;
    if (entry?.loading) return entry.loading;
    if (!entry) {
      entry = { left: 0, inflight: 0, loadedAt: 0 };
      this.entries.set(key, entry);
    }
    const target = entry;
    target.loading = this.read(key)
      .then((left) => {
        target.left = left - target.inflight;
        target.loadedAt = this.now();
      })
      .finally(() => {
        target.loading = undefined;
      });
    return target.loading;
  }
}

/** A format's kind's capacity and taken, by the format's public id and the kind. */
const stockFigure = () =>
  sql`select ${formatStock.capacity} as capacity, ${formatStock.taken} as taken from ${formatStock}
    inner join ${eventFormats} on ${eventFormats.id} = ${formatStock.formatId}
    where ${eventFormats.publicId} = ${slot('publicId')} and ${formatStock.kind} = ${slot('kind')}`;

/** One gate per database handle (per server). */
export const stockGate: (db: Database) => StockGate = onePer((db) => new StockGate(db));
