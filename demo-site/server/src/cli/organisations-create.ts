// `pnpm --filter @gid/server run organisations:create -- --name «…» --owner-email …` (issue 31): an
// organisation with its first owner — an account with a confirmed e-mail — or one more owner for an
// organisation of that name; `--events` gives it events (public ids, comma-separated). Everything else an
// organiser does from /organizer.
import { parseArgs } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { events, organisations } from '../db/schema/index';
import { createOrganisation } from '../features/organizer/members';
import type { Clock } from '../lib/clock';
import { systemClock } from '../lib/clock';
import { newPublicId } from '../lib/crypto';
import { runCommand } from './database';

export const usage = `Организация и её владелец (issue 31).

  pnpm --filter @gid/server run organisations:create -- --name "Название" --owner-email owner@example.org [--events id1,id2]

Владелец — аккаунт сайта с подтверждённым e-mail (пусть зарегистрируется и подтвердит адрес).
Если организация с таким названием уже есть, владелец добавляется к ней. --events передаёт ей события.
База: DATABASE_URL (PostgreSQL) или встроенная PGlite в <GID_DATA_DIR>/server-db (сервер должен быть остановлен).`;

export async function createOrganisationCommand(
  argv: readonly string[],
  db: Database,
  clock: Clock = systemClock,
): Promise<{ code: number; lines: string[] }> {
  let name: string | undefined;
  let owner: string | undefined;
  let eventIds: string[] = [];
  try {
    const { values } = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: {
        name: { type: 'string' },
        'owner-email': { type: 'string' },
        events: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) return { code: 0, lines: [usage] };
    name = values.name?.trim();
    owner = values['owner-email']?.trim().toLowerCase();
    eventIds = (values.events ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  } catch (error) {
    return { code: 2, lines: [`Неизвестный параметр: ${(error as Error).message}`, '', usage] };
  }
  if (!name || name.length > 200) return { code: 2, lines: ['Укажите название: --name "…" (до 200 символов)', '', usage] };
  if (!owner) return { code: 2, lines: ['Укажите владельца: --owner-email …', '', usage] };
  let publicId: string;
  try {
    publicId = await createOrganisation(db, clock.now(), name, owner, newPublicId());
  } catch (error) {
    return { code: 1, lines: [(error as Error).message] };
  }
  const lines = [`Организация «${name}» (${publicId}): владелец ${owner}`];
  if (eventIds.length) {
    const [organisation] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.publicId, publicId));
    const moved = await db
      .update(events)
      .set({ organisationId: organisation!.id })
      .where(inArray(events.publicId, eventIds))
      .returning({ publicId: events.publicId });
    const missing = eventIds.filter((id) => !moved.some((row) => row.publicId === id));
    lines.push(`Событий передано: ${moved.length}`);
    if (missing.length) return { code: 1, lines: [...lines, `Не найдены события: ${missing.join(', ')}`] };
  }
  return { code: 0, lines };
}

await runCommand(import.meta.url, (db) => createOrganisationCommand(process.argv.slice(2), db));
