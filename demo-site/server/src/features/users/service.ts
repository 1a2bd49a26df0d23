import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema/index';
import { newPublicId } from '../../lib/crypto';
import type { ContentLanguage } from '../../lib/language';

export type UserRow = typeof users.$inferSelect;

/** The user object of accounts-sso §3 (kept by the client as userObj). */
export interface UserResponse {
  public_id: string;
  name: string | null;
  last_name: string | null;
  second_name: string | null;
  birth_date: string | null;
  email: string | null;
  phone: string | null;
  gender: string;
  mailing: boolean;
  extra_contact: string | null;
  type_relate: string | null;
  contact_phone: string | null;
  role: string[];
  discount: number | null;
  discount_form: string | null;
  email_confirmed: boolean;
  phone_confirmed: boolean;
  has_password: boolean;
}

export function presentUser(user: UserRow): UserResponse {
  return {
    public_id: user.publicId,
    name: user.name,
    last_name: user.lastName,
    second_name: user.secondName,
    birth_date: user.birthDate,
    email: user.email,
    phone: user.phone,
    gender: user.gender,
    mailing: user.mailing,
    extra_contact: user.extraContact,
    type_relate: user.typeRelate,
    contact_phone: user.contactPhone,
    role: user.roles,
    discount: user.discount,
    discount_form: user.discountForm,
    email_confirmed: user.emailConfirmedAt !== null,
    phone_confirmed: user.phoneConfirmedAt !== null,
    has_password: user.passwordHash !== null,
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'publicId' | 'createdAt'>;

export async function createUser(db: Database, now: Date, values: NewUser): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({ ...values, publicId: newPublicId(), createdAt: now })
    .returning();
  return user!;
}

export async function updateUser(db: Database, id: number, values: Partial<NewUser>): Promise<UserRow> {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return user!;
}

/**
 * The language a person last used with the site, as far as it knows (issue 35): that of the newest
 * order placed with the address (`orders.language`); null when there is none. A letter to someone who
 * did not send the request (a ticket given to them, a lockout of their account) is written in it.
 */
export async function lastKnownLanguage(db: Database, email: string): Promise<ContentLanguage | null> {
  const [last] = await db
    .select({ language: orders.language })
    .from(orders)
    .where(eq(orders.email, email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return last?.language ?? null;
}
