import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventCities, eventStaff, events, users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit } from './audit';
import type { OrganizerContext } from './scope';

export const staffMessages = {
  unproven: (email: string) =>
    `Нет аккаунта с подтверждённым адресом ${email}. Попросите волонтёра зарегистрироваться на сайте и подтвердить e-mail, затем добавьте его снова`,
  notStaff: 'Этот человек не назначен на событие',
} as const;

/** The scanner's staff of an event city, with their scans. */
export async function listStaff(db: Database, eventCityId: number) {
  const rows = await db
    .select({
      email: users.email,
      name: users.name,
      lastName: users.lastName,
      grantedAt: eventStaff.grantedAt,
      scans: sql<number>`(select count(*)::int from checkins c where c.event_city_id = ${eventCityId} and c.staff_user_id = ${users.id})`,
      lastScan: sql<
        Date | string | null
      >`(select max(c.checked_at) from checkins c where c.event_city_id = ${eventCityId} and c.staff_user_id = ${users.id})`,
    })
    .from(eventStaff)
    .innerJoin(users, eq(users.id, eventStaff.userId))
    .where(eq(eventStaff.eventCityId, eventCityId))
    .orderBy(asc(eventStaff.grantedAt));
  return {
    values: rows.map((row) => ({
      email: row.email,
      name: [row.lastName, row.name].filter(Boolean).join(' ') || null,
      granted_at: row.grantedAt.toISOString(),
      scans: row.scans,
      last_scan_at: row.lastScan ? new Date(row.lastScan).toISOString() : null,
    })),
  };
}

/**
 * POST /api/organizer/staff: the check-in scanner of an event city for an account with a confirmed e-mail
 * (ARCHITECTURE: staff only ever proven accounts); the volunteer gets a letter. Granting twice is one grant.
 */
export async function grantStaff(deps: ServerDeps, who: OrganizerContext, email: string) {
  const now = deps.clock.now();
  const eventCityId = who.eventCityId!;
  const granted = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (!user?.emailConfirmedAt) throw badRequest(staffMessages.unproven(email));
    const inserted = await tx
      .insert(eventStaff)
      .values({ userId: user.id, eventCityId, grantedAt: now, grantedBy: who.user.id })
      .onConflictDoNothing()
      .returning({ userId: eventStaff.userId });
    if (inserted.length)
      await recordAudit(tx, who, now, { action: 'staff.granted', targetType: 'staff', targetPublicId: user.publicId, after: { email } });
    return inserted.length > 0;
  });
  if (granted) {
    const [place] = await deps.db
      .select({ title: events.title, start: eventCities.startTime, address: eventCities.address })
      .from(eventCities)
      .innerJoin(events, eq(events.id, eventCities.eventId))
      .where(eq(eventCities.id, eventCityId));
    const link = `${deps.config.publicUrl}/staff/checkin`;
    await deps.email.send({
      to: email,
      subject: `Вы в команде старта: ${place?.title ?? ''}`,
      text: [
        `Здравствуйте! Вас назначили на проверку билетов: ${place?.title ?? ''}, ${place?.address ?? ''}.`,
        `Откройте сканер на телефоне: ${link} — войдите под этим адресом. Список билетов загрузится заранее, сканер работает и без сети.`,
      ].join('\n\n'),
      meta: { kind: 'staff_granted', link },
    });
  }
  return listStaff(deps.db, eventCityId);
}

/** DELETE /api/organizer/staff: the scanner is taken back at once (the next sync of that device is refused). */
export async function revokeStaff(deps: ServerDeps, who: OrganizerContext, email: string) {
  const now = deps.clock.now();
  const eventCityId = who.eventCityId!;
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, publicId: users.publicId }).from(users).where(eq(users.email, email));
    const removed = user
      ? await tx
          .delete(eventStaff)
          .where(and(eq(eventStaff.userId, user.id), eq(eventStaff.eventCityId, eventCityId)))
          .returning({ userId: eventStaff.userId })
      : [];
    if (!removed.length) throw notFound(staffMessages.notStaff);
    await recordAudit(tx, who, now, { action: 'staff.revoked', targetType: 'staff', targetPublicId: user!.publicId, before: { email } });
  });
  return listStaff(deps.db, eventCityId);
}
