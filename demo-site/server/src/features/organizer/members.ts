import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type OrganiserRole, organisationMembers, organisations, users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit } from './audit';
import { isProven, type OrganizerContext } from './scope';

export const memberMessages = {
  unproven: (email: string) => `Нет аккаунта с подтверждённым адресом ${email}: роль организатора даётся только подтверждённым аккаунтам`,
  lastOwner: 'В организации должен остаться хотя бы один владелец',
  notMember: 'Этот человек не состоит в организации',
} as const;

export async function listMembers(db: Database, organisationId: number) {
  const rows = await db
    .select({
      email: users.email,
      phone: users.phone,
      name: users.name,
      lastName: users.lastName,
      role: organisationMembers.role,
      since: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(asc(organisationMembers.createdAt));
  return {
    values: rows.map((row) => ({
      email: row.email,
      phone: row.phone ? `+${row.phone}` : null,
      name: [row.lastName, row.name].filter(Boolean).join(' ') || null,
      role: row.role,
      since: row.since.toISOString(),
    })),
  };
}

/** The owners left if `userId` lost ownership (inside the caller's transaction, the rows locked). */
async function ownersBesides(tx: Database, organisationId: number, userId: number) {
  const rows = await tx.execute(
    sql`select user_id from organisation_members where organisation_id = ${organisationId} and role = 'owner' and user_id <> ${userId} for update`,
  );
  return ((rows as { rows?: unknown[] }).rows ?? []).length;
}

/** Adds a member or changes their role: only proven accounts, and never the last owner away. */
export async function addMember(deps: ServerDeps, who: OrganizerContext, body: { email: string; role: OrganiserRole }) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, body.email));
    if (!user || !isProven(user) || !user.emailConfirmedAt) throw badRequest(memberMessages.unproven(body.email));
    const [existing] = await tx
      .select()
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, who.organisationId), eq(organisationMembers.userId, user.id)))
      .for('update');
    if (existing?.role === body.role) return;
    if (existing?.role === 'owner' && (await ownersBesides(tx, who.organisationId, user.id)) === 0)
      throw conflict(memberMessages.lastOwner);
    await tx
      .insert(organisationMembers)
      .values({ organisationId: who.organisationId, userId: user.id, role: body.role, createdAt: now })
      .onConflictDoUpdate({ target: [organisationMembers.organisationId, organisationMembers.userId], set: { role: body.role } });
    await recordAudit(tx, who, now, {
      action: existing ? 'member.role_changed' : 'member.added',
      targetType: 'member',
      targetPublicId: user.publicId,
      before: existing ? { email: body.email, role: existing.role } : null,
      after: { email: body.email, role: body.role },
    });
  });
  return listMembers(deps.db, who.organisationId);
}

export async function removeMember(deps: ServerDeps, who: OrganizerContext, email: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, publicId: users.publicId }).from(users).where(eq(users.email, email));
    const [member] = user
      ? await tx
          .select()
          .from(organisationMembers)
          .where(and(eq(organisationMembers.organisationId, who.organisationId), eq(organisationMembers.userId, user.id)))
          .for('update')
      : [];
    if (!member) throw notFound(memberMessages.notMember);
    if (member.role === 'owner' && (await ownersBesides(tx, who.organisationId, member.userId)) === 0)
      throw conflict(memberMessages.lastOwner);
    await tx
      .delete(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, who.organisationId), eq(organisationMembers.userId, member.userId)));
    await recordAudit(tx, who, now, {
      action: 'member.removed',
      targetType: 'member',
      targetPublicId: user!.publicId,
      before: { email, role: member.role },
    });
  });
  return listMembers(deps.db, who.organisationId);
}

/**
 * `organisations:create`: an organisation with its first owner (a proven account), or a new owner for an
 * organisation of that name. Returns the organisation's public id.
 */
export async function createOrganisation(db: Database, now: Date, name: string, ownerEmail: string, publicId: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, ownerEmail.trim().toLowerCase()));
    if (!user?.emailConfirmedAt) throw new Error(memberMessages.unproven(ownerEmail));
    const [organisation] = await tx
      .insert(organisations)
      .values({ publicId, name, createdAt: now })
      .onConflictDoUpdate({ target: organisations.name, set: { name } })
      .returning({ id: organisations.id, publicId: organisations.publicId });
    await tx
      .insert(organisationMembers)
      .values({ organisationId: organisation!.id, userId: user.id, role: 'owner', createdAt: now })
      .onConflictDoUpdate({ target: [organisationMembers.organisationId, organisationMembers.userId], set: { role: 'owner' } });
    return organisation!.publicId;
  });
}
