import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Account, AccountClaims, FindAccount } from 'oidc-provider';
import { readJson, writeJsonAtomic } from './atomic-file';

/** A person who signs in with their phone. `id` is the stable `sub`. */
export interface User {
  id: string;
  /** E.164, `+7XXXXXXXXXX`. */
  phone: string;
  given_name: string;
  family_name: string;
  email?: string;
  created_at: string;
}

/** Test users, present on every start (documented in README.md). */
export const SEED_USERS: readonly User[] = [
  {
    id: '0b6f3a4e-7c1d-4a3e-9d51-2f1c8e6a0001',
    phone: '+79990000001',
    given_name: 'Иван',
    family_name: 'Петров',
    email: 'ivan.petrov@example.ru',
    created_at: '2024-01-01T00:00:00.000Z',
  },
  {
    id: '0b6f3a4e-7c1d-4a3e-9d51-2f1c8e6a0002',
    phone: '+79990000002',
    given_name: 'Мария',
    family_name: 'Смирнова',
    email: 'maria.smirnova@example.ru',
    created_at: '2024-01-01T00:00:00.000Z',
  },
];

export const fullName = (user: User): string => `${user.given_name} ${user.family_name}`;

/** The user's claims; oidc-provider keeps those the granted scopes allow. */
export function userClaims(user: User): AccountClaims {
  return {
    sub: user.id,
    name: fullName(user),
    given_name: user.given_name,
    family_name: user.family_name,
    phone_number: user.phone,
    phone_number_verified: true,
    ...(user.email ? { email: user.email, email_verified: true } : {}),
  };
}

/** Users in `<dataDir>/users.json`: seeds plus everyone who signed up with a new number. */
export class AccountStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly users: Map<string, User>,
  ) {}

  static async open(dataDir: string): Promise<AccountStore> {
    const file = join(dataDir, 'users.json');
    const stored = ((await readJson(file)) as { users?: User[] } | undefined)?.users ?? [];
    const users = new Map<string, User>(stored.map((user) => [user.id, user]));
    for (const seed of SEED_USERS) users.set(seed.id, { ...seed });
    const store = new AccountStore(file, users);
    await store.persist();
    return store;
  }

  findById(id: string): User | undefined {
    return this.users.get(id);
  }

  findByPhone(phone: string): User | undefined {
    for (const user of this.users.values()) if (user.phone === phone) return user;
    return undefined;
  }

  async create(fields: Pick<User, 'phone' | 'given_name' | 'family_name'>): Promise<User> {
    const existing = this.findByPhone(fields.phone);
    if (existing) return existing;
    const user: User = { id: randomUUID(), ...fields, created_at: new Date().toISOString() };
    this.users.set(user.id, user);
    await this.persist();
    return user;
  }

  /** oidc-provider's `findAccount`. */
  readonly findAccount: FindAccount = (_ctx, sub) => {
    const user = this.users.get(sub);
    if (!user) return undefined;
    const account: Account = { accountId: user.id, claims: () => userClaims(user) };
    return account;
  };

  private persist(): Promise<void> {
    const next = this.writing.then(() => writeJsonAtomic(this.file, { users: [...this.users.values()] }));
    this.writing = next.catch(() => undefined);
    return next;
  }
}
