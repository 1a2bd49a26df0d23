import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventFormats, mailingUnsubscribes, organizerMessageRecipients, organizerMessages } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { badRequest, found } from '../../lib/errors';
import { recordAudit } from './audit';
import type { OrganizerContext } from './scope';

/**
 * Letters from an organiser to the participants of an event city or one format (issue 31). Recipients are
 * fixed when the message is made (one row per address, so each address gets it once); a letter is claimed
 * (`sent_at`) before it is handed to the sender and released if the sender fails, so a resumed send — in
 * this process or another — never sends one twice. Non-essential letters carry an unsubscribe link.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** The participants' addresses: the ticket's own e-mail, else its holder's account's, else the buyer's. */
const recipientsQuery = (eventCityId: number, formatId: number | null) => sql`
  select distinct lower(coalesce(nullif(t.info->>'email', ''), u.email, o.email)) as email
  from tickets t join event_formats f on f.id = t.format_id join orders o on o.id = t.order_id left join users u on u.id = t.user_id
  where f.event_city_id = ${eventCityId} and t.status = 'active' ${formatId ? sql`and f.id = ${formatId}` : sql``}`;

export async function formatIdIn(db: Database, eventCityId: number, formatPublicId: string | undefined): Promise<number | null> {
  if (!formatPublicId) return null;
  const [row] = await db
    .select({ id: eventFormats.id, eventCityId: eventFormats.eventCityId })
    .from(eventFormats)
    .where(eq(eventFormats.publicId, formatPublicId));
  return found(row?.eventCityId === eventCityId ? row : undefined).id;
}

/** How many letters a message would make, and how many addresses it skips as unsubscribed. */
export async function previewMessage(db: Database, eventCityId: number, formatId: number | null) {
  const [counts] = rowsOf<{ total: number; unsubscribed: number }>(
    await db.execute(sql`select count(*)::int as total, count(m.email)::int as unsubscribed
      from (${recipientsQuery(eventCityId, formatId)}) r left join mailing_unsubscribes m on m.email = r.email`),
  );
  return { recipients: counts?.total ?? 0, unsubscribed: counts?.unsubscribed ?? 0 };
}

export interface MessageInput {
  subject: string;
  text: string;
  essential: boolean;
  idempotency_key: string;
  format_public_id?: string | undefined;
}

const unsubscribeLink = (deps: ServerDeps, token: string) => `${deps.config.publicUrl}/api/mailing/unsubscribe/${token}`;

/** POST /api/organizer/messages: makes the message and its recipients once (a retried request gets the same), then sends. */
export async function sendMessage(deps: ServerDeps, who: OrganizerContext, eventCityId: number, input: MessageInput) {
  const formatId = await formatIdIn(deps.db, eventCityId, input.format_public_id);
  const now = deps.clock.now();
  const made = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(organizerMessages)
      .values({
        publicId: randomBytes(12).toString('hex'),
        organisationId: who.organisationId,
        eventCityId,
        formatId,
        subject: input.subject,
        body: input.text,
        essential: input.essential,
        idempotencyKey: input.idempotency_key,
        createdBy: who.user.id,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [existing] = await tx
        .select()
        .from(organizerMessages)
        .where(and(eq(organizerMessages.organisationId, who.organisationId), eq(organizerMessages.idempotencyKey, input.idempotency_key)));
      if (existing!.eventCityId !== eventCityId) throw badRequest('Этот ключ уже использован для другого письма');
      return existing!;
    }
    await tx.execute(sql`insert into organizer_message_recipients (message_id, email, token)
      select ${created.id}, r.email, md5(random()::text || clock_timestamp()::text || r.email) || md5(random()::text)
      from (${recipientsQuery(eventCityId, formatId)}) r
      where r.email is not null ${input.essential ? sql`` : sql`and not exists (select 1 from mailing_unsubscribes m where m.email = r.email)`}`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organizerMessageRecipients)
      .where(eq(organizerMessageRecipients.messageId, created.id));
    await recordAudit(tx, who, now, {
      action: 'message.sent',
      targetType: 'message',
      targetPublicId: created.publicId,
      eventCityId,
      after: { subject: input.subject, essential: input.essential, recipients: count!.n },
    });
    return created;
  });
  const counts = await messageCounts(deps.db, made.id);
  // The letters leave in the background: the answer does not wait for thousands of them.
  void deliver(deps, made.id).catch(() => undefined);
  return { public_id: made.publicId, ...counts };
}

/** Sends the message's unsent letters, each claimed first; answers how many left now. */
export async function deliver(deps: ServerDeps, messageId: number): Promise<number> {
  const [message] = await deps.db.select().from(organizerMessages).where(eq(organizerMessages.id, messageId));
  if (!message) return 0;
  let sent = 0;
  for (;;) {
    const batch = await deps.db
      .select()
      .from(organizerMessageRecipients)
      .where(and(eq(organizerMessageRecipients.messageId, messageId), isNull(organizerMessageRecipients.sentAt)))
      .limit(100);
    if (batch.length === 0) return sent;
    let progressed = false;
    for (const recipient of batch) {
      const [claimed] = await deps.db
        .update(organizerMessageRecipients)
        .set({ sentAt: deps.clock.now() })
        .where(
          and(
            eq(organizerMessageRecipients.messageId, messageId),
            eq(organizerMessageRecipients.email, recipient.email),
            isNull(organizerMessageRecipients.sentAt),
          ),
        )
        .returning({ email: organizerMessageRecipients.email });
      if (!claimed) continue;
      progressed = true;
      const link = message.essential ? null : unsubscribeLink(deps, recipient.token);
      try {
        await deps.email.send({
          to: recipient.email,
          subject: message.subject,
          text: link ? `${message.body}\n\n—\nОтписаться от писем организаторов: ${link}` : message.body,
          meta: {
            kind: message.essential ? 'organizer_message' : 'organizer_news',
            message: message.publicId,
            ...(link ? { unsubscribe: link } : {}),
          },
          // With the SMTP queue: one letter per message and address, even if this were sent again.
          key: `organizer-message:${message.publicId}`,
          transactional: message.essential,
        });
        sent += 1;
      } catch {
        // Released for the next attempt (a later resume): the letter did not leave.
        await deps.db
          .update(organizerMessageRecipients)
          .set({ sentAt: null })
          .where(and(eq(organizerMessageRecipients.messageId, messageId), eq(organizerMessageRecipients.email, recipient.email)));
        return sent;
      }
    }
    if (!progressed) return sent;
  }
}

async function messageCounts(db: Database, messageId: number) {
  const [row] = await db
    .select({ recipients: sql<number>`count(*)::int`, sent: sql<number>`count(${organizerMessageRecipients.sentAt})::int` })
    .from(organizerMessageRecipients)
    .where(eq(organizerMessageRecipients.messageId, messageId));
  return { recipients: row?.recipients ?? 0, sent: row?.sent ?? 0 };
}

/** The messages of an event city, newest first, with how many letters left. */
export async function listMessages(db: Database, eventCityId: number) {
  const rows = await db
    .select({
      id: organizerMessages.id,
      publicId: organizerMessages.publicId,
      subject: organizerMessages.subject,
      essential: organizerMessages.essential,
      createdAt: organizerMessages.createdAt,
      recipients: sql<number>`(select count(*)::int from organizer_message_recipients r where r.message_id = ${organizerMessages.id})`,
      sent: sql<number>`(select count(r.sent_at)::int from organizer_message_recipients r where r.message_id = ${organizerMessages.id})`,
    })
    .from(organizerMessages)
    .where(eq(organizerMessages.eventCityId, eventCityId))
    .orderBy(desc(organizerMessages.id))
    .limit(100);
  return {
    values: rows.map((row) => ({
      public_id: row.publicId,
      subject: row.subject,
      essential: row.essential,
      created_at: row.createdAt.toISOString(),
      recipients: row.recipients,
      sent: row.sent,
    })),
  };
}

/** The unsubscribe link: the address gets no more non-essential letters from organisers. Unknown tokens say nothing. */
export async function unsubscribe(db: Database, now: Date, token: string): Promise<boolean> {
  const [recipient] = await db
    .select({ email: organizerMessageRecipients.email })
    .from(organizerMessageRecipients)
    .where(eq(organizerMessageRecipients.token, token));
  if (!recipient) return false;
  await db.insert(mailingUnsubscribes).values({ email: recipient.email, createdAt: now }).onConflictDoNothing();
  return true;
}
