import { join } from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { readJson, writeJsonAtomic } from './atomic-file';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; absent for records that do not expire. */
  expiresAt?: number;
}

interface ModelFileContent {
  version: 1;
  entries: Record<string, Entry>;
}

/**
 * One JSON file per oidc-provider model (`Session.json`, `RefreshToken.json`, …) held in memory
 * and rewritten atomically on every change. A demo provider stores a handful of records, so whole
 * file rewrites are cheap, and lookups by `uid` or `grantId` can simply scan. One process per data
 * directory: two processes writing the same files would overwrite each other's changes.
 */
class ModelFile {
  private entries: Map<string, Entry> | undefined;
  private loading: Promise<Map<string, Entry>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly now: () => number,
  ) {}

  async all(): Promise<Map<string, Entry>> {
    if (this.entries) return this.entries;
    this.loading ??= this.load();
    this.entries = await this.loading;
    return this.entries;
  }

  async get(id: string): Promise<Entry | undefined> {
    const entry = (await this.all()).get(id);
    return entry && !this.expired(entry) ? entry : undefined;
  }

  async find(predicate: (payload: AdapterPayload) => boolean): Promise<[string, Entry] | undefined> {
    for (const [id, entry] of await this.all()) {
      if (!this.expired(entry) && predicate(entry.payload)) return [id, entry];
    }
    return undefined;
  }

  /** Serialises writes so that the file always ends up with the latest state. */
  persist(): Promise<void> {
    const next = this.writing.then(() => writeJsonAtomic(this.file, this.snapshot()));
    this.writing = next.catch(() => undefined);
    return next;
  }

  private expired(entry: Entry): boolean {
    return entry.expiresAt !== undefined && entry.expiresAt <= this.now();
  }

  private snapshot(): ModelFileContent {
    const entries: Record<string, Entry> = {};
    for (const [id, entry] of this.entries ?? []) if (!this.expired(entry)) entries[id] = entry;
    return { version: 1, entries };
  }

  private async load(): Promise<Map<string, Entry>> {
    const content = (await readJson(this.file)) as ModelFileContent | undefined;
    const entries = new Map<string, Entry>();
    for (const [id, entry] of Object.entries(content?.entries ?? {})) {
      if (!this.expired(entry)) entries.set(id, entry);
    }
    return entries;
  }
}

/** The oidc-provider storage interface over {@link ModelFile}. */
class FileAdapter implements Adapter {
  constructor(
    private readonly model: ModelFile,
    private readonly now: () => number,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? this.now() + expiresIn * 1000 : undefined;
    (await this.model.all()).set(id, expiresAt === undefined ? { payload } : { payload, expiresAt });
    await this.model.persist();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return (await this.model.get(id))?.payload;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return (await this.model.find((payload) => payload.uid === uid))?.[1].payload;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return (await this.model.find((payload) => payload.userCode === userCode))?.[1].payload;
  }

  async consume(id: string): Promise<void> {
    const entry = await this.model.get(id);
    if (!entry) return;
    entry.payload.consumed = Math.floor(this.now() / 1000);
    await this.model.persist();
  }

  async destroy(id: string): Promise<void> {
    if ((await this.model.all()).delete(id)) await this.model.persist();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const entries = await this.model.all();
    let changed = false;
    for (const [id, entry] of entries) {
      if (entry.payload.grantId === grantId) changed = entries.delete(id) || changed;
    }
    if (changed) await this.model.persist();
  }
}

/**
 * Returns the `adapter` factory for the provider configuration: model name → adapter whose records
 * live in `<dir>/<model>.json`.
 */
export function createFileAdapter(dir: string, now: () => number = Date.now): (model: string) => Adapter {
  const files = new Map<string, ModelFile>();
  return (model) => {
    if (!/^[A-Za-z]+$/.test(model)) throw new Error(`unexpected oidc-provider model name: ${model}`);
    let file = files.get(model);
    if (!file) {
      file = new ModelFile(join(dir, `${model}.json`), now);
      files.set(model, file);
    }
    return new FileAdapter(file, now);
  };
}
