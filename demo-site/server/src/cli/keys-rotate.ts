// `pnpm --filter @gid/server run keys:rotate -- --event-city <id>`: retires an event city's signing key
// for ticket codes and makes a new one (issue 24; README «Check-in at the start line»). Codes shown
// before still verify; codes shown from now on carry the new kid.
import { parseArgs } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventCities, eventKeys } from '../db/schema/index';
import { revokeEventKey, rotateEventKey } from '../features/checkin/keys';
import type { Clock } from '../lib/clock';
import { systemClock } from '../lib/clock';
import { runCommand } from './database';

export const usage = `Замена ключа подписи кодов билетов события (issue 24) и отзыв ключа (issue 33).

  pnpm --filter @gid/server run keys:rotate -- --event-city <public_id или номер>
  pnpm --filter @gid/server run keys:rotate -- --revoke <kid>

Прежний ключ остаётся для проверки уже показанных кодов; новые коды подписываются новым.
Отозванный ключ (утёкший) больше ничего не проверяет: его коды не принимаются, сканеры его не получают.
База: DATABASE_URL (PostgreSQL) или встроенная PGlite в <GID_DATA_DIR>/server-db (сервер должен быть остановлен).`;

export interface RotateResult {
  /** 0 done, 1 the event city is unknown, 2 bad arguments. */
  code: number;
  /** What the command prints: one line on success, a message and the usage otherwise. */
  lines: string[];
}

/** The event city by its public id, or by its numeric id (as an administrator reads it in the database). */
async function findEventCity(db: Database, ref: string) {
  const where = /^\d{1,9}$/.test(ref) ? eq(eventCities.id, Number(ref)) : eq(eventCities.publicId, ref);
  const [row] = await db.select({ id: eventCities.id, publicId: eventCities.publicId }).from(eventCities).where(where);
  return row;
}

/** The command on an open database (the test runs it on PGlite). */
export async function rotateKeysCommand(argv: readonly string[], db: Database, clock: Clock = systemClock): Promise<RotateResult> {
  let ref: string | undefined;
  try {
    const { values } = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: { 'event-city': { type: 'string' }, revoke: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) return { code: 0, lines: [usage] };
    const revoke = values.revoke?.trim();
    if (revoke) {
      const revoked = await revokeEventKey(db, clock, revoke);
      return revoked
        ? { code: 0, lines: [`Ключ ${revoke} отозван: его коды больше не принимаются (на всех серверах — в течение минуты)`] }
        : { code: 1, lines: [`Ключ ${revoke} не найден`] };
    }
    ref = values['event-city']?.trim();
  } catch (error) {
    return { code: 2, lines: [`Неизвестный параметр: ${(error as Error).message}`, '', usage] };
  }
  if (!ref) return { code: 2, lines: ['Укажите событие: --event-city <public_id или номер>', '', usage] };
  const eventCity = await findEventCity(db, ref);
  if (!eventCity) return { code: 1, lines: [`Событие ${ref} не найдено`] };
  const [previous] = await db
    .select({ kid: eventKeys.kid })
    .from(eventKeys)
    .where(and(eq(eventKeys.eventCityId, eventCity.id), isNull(eventKeys.retiredAt)));
  const kid = await rotateEventKey(db, clock, eventCity.id);
  return {
    code: 0,
    lines: [
      previous
        ? `Событие ${eventCity.publicId} (№ ${eventCity.id}): новый ключ ${kid}; прежний ${previous.kid} выведен из подписи и проверяет уже показанные коды`
        : `Событие ${eventCity.publicId} (№ ${eventCity.id}): создан ключ ${kid}`,
    ],
  };
}

await runCommand(import.meta.url, (db) => rotateKeysCommand(process.argv.slice(2), db));
