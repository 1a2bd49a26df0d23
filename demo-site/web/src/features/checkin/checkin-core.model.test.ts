import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckinAnswer, CheckinBody, StaffTicket, StaffTicketList } from './api/staff';
import type { QueuedScan, StoredEvent } from './checkin-core';
import { CheckinCore, type EventStore, type QueueStore } from './checkin-core';
import type { TicketClaims } from './code';

// A model-based test (fast-check `commands`) of the scanner's offline queue and sync (issue 24): two
// devices (CheckinCore, the scanner without React, over in-memory stores) and a server that keeps the
// API's rules — first scan to arrive wins, idempotent by scan_id, later scans recorded as repeats and
// told by the list's delta. Random interleavings of online/offline, scans on both devices, syncs whose
// answers get lost mid-way (the server acted, the device never heard), deltas, and pages killed before
// the list was written. After every step: the "waiting" count equals the queue, no green scan is lost,
// no scan is sent under another id. At the end, everything synced: each ticket checked in once, by the
// first scan to arrive, and both devices show that first scan and every duplicate.

const EVENT = 'ec1';
const TICKETS = ['t0', 't1', 't2'];

class NetworkError extends Error {
  constructor() {
    super('Нет сети');
  }
}

/** The server's rules, in memory. */
class Server {
  private seq = 0;
  readonly tickets = new Map<string, StaffTicket & { seq: number }>();
  /** scan_id → the answer given (an answer is given once: a repeat gets it again). */
  readonly answers = new Map<string, CheckinAnswer>();
  /** scan_id → how many times it was decided (must stay 1). */
  readonly decided = new Map<string, number>();
  /** ticket → the scan that checked it in. */
  readonly first = new Map<string, { scanId: string; body: CheckinBody }>();

  constructor() {
    TICKETS.forEach((id, i) => {
      this.tickets.set(id, { id, v: 1, n: 100 + i, p: `Участник ${i}`, f: 0, seq: ++this.seq });
    });
  }

  post(body: CheckinBody): CheckinAnswer {
    const known = this.answers.get(body.scan_id);
    if (known) return known;
    this.decided.set(body.scan_id, (this.decided.get(body.scan_id) ?? 0) + 1);
    const ticketId = body.qr.startsWith('code:') ? body.qr.slice(5) : body.qr.slice('manual:'.length);
    const entry = this.tickets.get(ticketId);
    let answer: CheckinAnswer;
    if (!entry) answer = { status: 'refused', reason: 'Поддельный код', ticket: null };
    else {
      const ticket = { number: entry.n, participant: entry.p, format: '10 км' };
      const first = this.first.get(ticketId);
      if (first) {
        entry.r = [...(entry.r ?? []), { c: body.scanned_at, d: body.device }].slice(-5);
        entry.rn = (entry.rn ?? 0) + 1;
        entry.seq = ++this.seq;
        answer = {
          status: 'duplicate',
          reason: `Уже отмечен, ${first.body.device}`,
          ticket,
          first_scan: { scanned_at: first.body.scanned_at, checked_at: first.body.scanned_at, device: first.body.device },
        };
      } else {
        this.first.set(ticketId, { scanId: body.scan_id, body });
        entry.c = body.scanned_at;
        entry.d = body.device;
        entry.seq = ++this.seq;
        answer = { status: 'ok', ticket };
      }
    }
    this.answers.set(body.scan_id, answer);
    return answer;
  }

  list(since?: string): StaffTicketList {
    const after = since === undefined ? -1 : Number(since);
    const changed = [...this.tickets.values()].filter((entry) => entry.seq > after);
    return {
      event_city_id: EVENT,
      title: 'Забег',
      city: 'Москва',
      start_time: '2026-06-07T06:00:00.000Z',
      timezone: 'Europe/Moscow',
      full: since === undefined,
      cursor: String(this.seq),
      formats: [{ public_id: 'f', title: '10 км' }],
      keys: [],
      tickets: changed.map(({ seq: _seq, ...entry }) => structuredClone(entry)),
      revoked: [],
    };
  }
}

/** One phone: its stores (they outlive a killed page), its network, its scanner. */
class Device {
  online = true;
  /** During the next sync, the answer to this request (1-based) is lost after the server acted on it. */
  loseAt: number | null = null;
  private sent = 0;
  readonly queue = new Map<number, QueuedScan>();
  private nextKey = 1;
  saved: StoredEvent | undefined;
  /** Background tasks (the delta after an online scan), run by a command. */
  background: (() => void)[] = [];
  /** Every scan_id this device made, and the green scans it queued. */
  readonly made = new Set<string>();
  readonly queuedIds = new Set<string>();
  core!: CheckinCore;
  /** Conflicts a page listed before it was closed. */
  pastConflicts = 0;
  private clock = 0;

  constructor(
    readonly name: string,
    private readonly server: Server,
  ) {}

  private network<T>(act: () => T): Promise<T> {
    if (!this.online) return Promise.reject(new NetworkError());
    this.sent += 1;
    const result = act();
    if (this.loseAt !== null && this.sent === this.loseAt) return Promise.reject(new NetworkError());
    return Promise.resolve(structuredClone(result));
  }

  async start() {
    const queueStore: QueueStore = {
      add: async (scan) => {
        this.queue.set(this.nextKey++, structuredClone(scan));
        this.queuedIds.add(scan.body.scan_id);
      },
      all: async () => [...this.queue.entries()].map(([key, scan]) => ({ key, scan: structuredClone(scan) })),
      drop: async (key) => {
        this.queue.delete(key as number);
      },
    };
    const events: EventStore = {
      load: async () => structuredClone(this.saved),
      save: async (event) => {
        this.saved = structuredClone(event);
      },
    };
    this.core = new CheckinCore({
      eventCityId: EVENT,
      api: {
        post: (body) => this.network(() => this.server.post(body)),
        list: (_id, since) => this.network(() => this.server.list(since)),
      },
      queue: queueStore,
      events,
      verify: async (qr): Promise<TicketClaims | null> => (qr.startsWith('code:') ? { t: qr.slice(5), e: EVENT, f: 'f', v: 1 } : null),
      isOnline: () => this.online,
      isNetworkFailure: (error) => error instanceof NetworkError,
      // A clock that only moves forward, a second per scan, and ids that say whose they are.
      now: () => new Date(Date.UTC(2026, 5, 7, 6, 0, this.clock++)),
      newId: () => {
        const id = `${this.name}-${this.made.size}`;
        this.made.add(id);
        return id;
      },
      saveDelayMs: 60_000,
      later: (task) => this.background.push(task),
    });
    await this.core.open();
  }

  async sync(loseAt: number | null) {
    this.sent = 0;
    this.loseAt = loseAt;
    try {
      await this.core.sync();
    } finally {
      this.loseAt = null;
    }
  }
}

interface Model {
  online: [boolean, boolean];
  /** The tickets each device knows checked in: from its own scans' answers and its lists from the network. */
  known: [Set<string>, Set<string>];
  /** What it knew when its list was last written (a killed page falls back to this, plus its queue). */
  saved: [Set<string>, Set<string>];
}

/** A list from the network: the device learns every check-in the server has. */
const learn = (model: Model, device: 0 | 1, server: Server) => {
  for (const id of server.first.keys()) model.known[device].add(id);
};

interface Real {
  server: Server;
  devices: [Device, Device];
}

/** What must hold after every step. */
function invariants({ server, devices }: Real) {
  for (const device of devices) {
    // The screen's «Ожидают отправки» is the queue.
    expect(device.core.waiting, `${device.name}: waiting`).toBe(device.queue.size);
    // No green scan is lost: each is still queued or the server has it.
    const queued = new Set([...device.queue.values()].map((scan) => scan.body.scan_id));
    for (const id of device.queuedIds) expect(queued.has(id) || server.answers.has(id), `${id} lost`).toBe(true);
  }
  // Nothing reaches the server under an id no device made, and no scan is decided twice.
  const made = new Set([...devices[0].made, ...devices[1].made]);
  for (const [id, times] of server.decided) {
    expect(made.has(id), `${id} made up`).toBe(true);
    expect(times).toBe(1);
  }
}

const setOnline = (device: 0 | 1, online: boolean): fc.AsyncCommand<Model, Real> => ({
  check: (model) => model.online[device] !== online,
  run: async (model, real) => {
    model.online[device] = online;
    real.devices[device].online = online;
    real.devices[device].core.setOnline(online);
    invariants(real);
  },
  toString: () => `device ${device} ${online ? 'online' : 'offline'}`,
});

const scan = (device: 0 | 1, ticket: number, manual: boolean, loseAnswer: boolean): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: async (model, real) => {
    const phone = real.devices[device];
    const id = TICKETS[ticket]!;
    const listed = phone.core.stored !== null;
    const shownBefore = phone.core.stored?.event.tickets[id]?.c;
    const knew = model.known[device].has(id);
    phone.loseAt = loseAnswer ? 1 : null;
    (phone as unknown as { sent: number }).sent = 0;
    const answer = manual ? await phone.core.scan('', phone.name, id) : await phone.core.scan(`code:${id}`, phone.name);
    phone.loseAt = null;
    if (listed) model.known[device].add(id);
    if (!listed) expect(answer).toMatchObject({ status: 'refused', reason: 'Список билетов ещё не загружен' });
    else if (!model.online[device]) {
      // Offline the list decides: green exactly when this device has not learnt the ticket checked in
      // (by the model's count, not the device's list).
      expect(answer.status).toBe(knew ? 'duplicate' : 'ok');
      expect(Boolean(shownBefore)).toBe(knew);
    } else if (!loseAnswer) {
      // Online the server decides: the first scan of the ticket to arrive is green.
      const first = real.server.first.get(id);
      expect(answer.status).toBe(first && [...phone.made].at(-1) === first.scanId ? 'ok' : 'duplicate');
    }
    invariants(real);
  },
  toString: () => `device ${device} scans ${TICKETS[ticket]}${manual ? ' (manual)' : ''}${loseAnswer ? ', answer lost' : ''}`,
});

const sync = (device: 0 | 1, loseAt: number | null): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: async (_model, real) => {
    const phone = real.devices[device];
    const before = [...phone.queue.values()];
    await phone.sync(loseAt);
    // Each scan the server answered has left the queue, and its ticket shows the scan that won.
    for (const queued of before) {
      const stillQueued = [...phone.queue.values()].some((left) => left.body.scan_id === queued.body.scan_id);
      if (!stillQueued && phone.core.stored) {
        const first = real.server.first.get(queued.ticketId)!;
        const local = phone.core.stored?.event.tickets[queued.ticketId];
        expect({ c: local?.c, d: local?.d }, `${phone.name}: ${queued.ticketId} after sync`).toEqual({
          c: first.body.scanned_at,
          d: first.body.device,
        });
      }
    }
    invariants(real);
  },
  toString: () => `device ${device} syncs${loseAt ? `, answer ${loseAt} lost` : ''}`,
});

const delta = (device: 0 | 1): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: async (model, real) => {
    const learnt = await real.devices[device].core.download().then(
      () => true,
      () => false,
    );
    if (learnt) learn(model, device, real.server);
    invariants(real);
  },
  toString: () => `device ${device} fetches the delta`,
});

const background = (device: 0 | 1): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: async (model, real) => {
    const phone = real.devices[device];
    const tasks = phone.background.splice(0);
    for (const task of tasks) task();
    const learnt = await phone.core.download().then(
      () => true,
      () => false,
    );
    if (learnt) learn(model, device, real.server);
    invariants(real);
  },
  toString: () => `device ${device} runs its background delta`,
});

const reopen = (device: 0 | 1, written: boolean): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: async (model, real) => {
    const phone = real.devices[device];
    if (written && phone.core.stored) {
      await phone.core.flush();
      model.saved[device] = new Set(model.known[device]);
    }
    phone.pastConflicts += phone.core.conflicts.length;
    phone.core.dispose();
    phone.background = [];
    await phone.start();
    // What the page knows now: its written list, and the scans still waiting in its queue.
    model.known[device] = new Set(phone.saved ? model.saved[device] : []);
    // (With no list written, the queue's check-ins are marked on the first list the network gives.)
    for (const queued of phone.queue.values()) model.known[device].add(queued.ticketId);
    // As the screen does when it opens: the list from the network, when there is one.
    const learnt = await phone.core.download().then(
      () => true,
      () => false,
    );
    if (learnt) learn(model, device, real.server);
    invariants(real);
  },
  toString: () => `device ${device} ${written ? 'closed and reopened' : 'killed before writing its list, reopened'}`,
});

const deviceArb = fc.constantFrom<0 | 1>(0, 1);
const scans = fc
  .tuple(deviceArb, fc.nat(TICKETS.length - 1), fc.boolean(), fc.boolean())
  .map(([device, ticket, manual, lose]) => scan(device, ticket, manual, lose));
const toggles = fc.tuple(deviceArb, fc.boolean()).map(([device, online]) => setOnline(device, online));
// Scans and the network's comings and goings weigh more: a sync that meets another device's check-in needs both.
const commands = [
  toggles,
  toggles,
  scans,
  scans,
  scans,
  fc.tuple(deviceArb, fc.option(fc.integer({ min: 1, max: 3 }), { nil: null })).map(([device, loseAt]) => sync(device, loseAt)),
  deviceArb.map(delta),
  deviceArb.map(background),
  fc.tuple(deviceArb, fc.boolean()).map(([device, written]) => reopen(device, written)),
];

describe('the offline queue and sync, as a model (fast-check commands)', () => {
  it('keeps the queue, sends each scan once to effect, and ends with the first scan winning on both devices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'large' }), async (steps) => {
        const server = new Server();
        const devices: [Device, Device] = [new Device('Стойка 1', server), new Device('Стойка 2', server)];
        for (const device of devices) {
          await device.start();
          await device.core.download();
        }
        const real: Real = { server, devices };
        const model: Model = { online: [true, true], known: [new Set(), new Set()], saved: [new Set(), new Set()] };
        await fc.asyncModelRun(() => ({ model, real }), steps);

        // The network comes back for good: everything waiting is sent, and both lists catch up.
        for (const device of devices) {
          device.online = true;
          device.core.setOnline(true);
          await device.sync(null);
        }
        for (const device of devices) await device.core.download();
        invariants(real);
        for (const device of devices) {
          expect(device.queue.size, `${device.name}: queue`).toBe(0);
          expect(device.core.waiting).toBe(0);
          for (const id of device.queuedIds) expect(server.answers.has(id), `${id} never sent`).toBe(true);
          // A queued scan shown green that the server answered otherwise is listed after the sync.
          const turned = [...device.queuedIds].filter((id) => server.answers.get(id)!.status !== 'ok').length;
          expect(device.core.conflicts.length + device.pastConflicts, `${device.name}: conflicts`).toBe(turned);
        }
        for (const id of TICKETS) {
          const first = server.first.get(id);
          const entry = server.tickets.get(id)!;
          for (const device of devices) {
            const local = device.core.stored!.event.tickets[id]!;
            // Both devices show the scan that won — the first to reach the server — whoever made it.
            expect({ c: local.c, d: local.d }, `${device.name}: ${id}`).toEqual(
              first ? { c: first.body.scanned_at, d: first.body.device } : { c: undefined, d: undefined },
            );
            // And every duplicate that reached the server, on both devices.
            const shown = device.core.repeats.find((repeat) => repeat.ticketId === id);
            if (entry.rn) expect(shown, `${device.name}: repeats of ${id}`).toMatchObject({ count: entry.rn, repeats: entry.r });
            else expect(shown).toBeUndefined();
          }
        }
        for (const device of devices) device.core.dispose();
      }),
      { numRuns: 300, seed: 24_2026, endOnFailure: true },
    );
  });
});
