import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities, eventCities, eventFormats, events } from '../../db/schema/index';
import { uniqueEmail, useTestApp } from '../../testing/fixtures';
import { insertOrder, insertTicket, signedInUser } from '../../testing/purchases';
import { seeded } from '../../testing/suites/catalogue';
import { transferLetter } from './letters';

// Issue 35: the letter to the person a ticket is given to is written in the language that person last
// ordered in (the server knows no other of theirs); when they never ordered, in the giver's language.
const CYRILLIC = /[А-Яа-яЁё]/;
const app = useTestApp();
let place: { event: string; eventEn: string; city: string; cityEn: string; format: string; formatEn: string };
beforeAll(async () => {
  const [row] = await app.database.db
    .select({ event: events, city: cities, format: eventFormats })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .where(eq(eventFormats.publicId, seeded.spring10k));
  place = {
    event: row!.event.title,
    eventEn: row!.event.titleEn!,
    city: row!.city.nameRu,
    cityEn: row!.city.nameEn!,
    format: row!.format.title,
    formatEn: row!.format.titleEn!,
  };
});

/** The giver's ticket given to `to`, the transfer asked in `language`; the letter `to` got. */
async function give(to: string, language: string) {
  const giver = await signedInUser(app.api.deps, 'giver');
  const ticket = await insertTicket(app.api.deps.db, app.api.clock.now(), { formatPublicId: seeded.spring10k, userId: giver.id });
  const answer = await app.api.request({
    method: 'PUT',
    url: '/api/user/ticket/transfer',
    token: giver.token,
    headers: { 'accept-language': language },
    payload: { public_id: ticket.publicId, email: to },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { ticket, letter: await app.api.lastMessage(to) };
}

describe('the ticket transfer letter', () => {
  it('a recipient the site does not know: in the giver’s language (English)', async () => {
    const { ticket, letter } = await give(uniqueEmail('friend'), 'en');
    expect(place.eventEn).not.toMatch(CYRILLIC);
    expect(letter.subject).toBe('A ticket has been given to you');
    expect(letter.text).toBe(
      `You have been given ticket No. ${ticket.number} for “${place.eventEn}” (${place.cityEn}, ${place.formatEn}).\n\nTo accept it, sign in to the site with this e-mail address and confirm the transfer in your account: http://site.test/me`,
    );
  });

  it('a recipient the site does not know: in the giver’s language (Russian, word for word)', async () => {
    const { ticket, letter } = await give(uniqueEmail('friend'), 'ru');
    expect(letter.subject).toBe('Вам передали билет');
    expect(letter.text).toBe(
      `Вам передали билет №${ticket.number} на «${place.event}» (${place.city}, ${place.format}).\n\nЧтобы принять его, войдите на сайт с этим адресом почты и подтвердите передачу в личном кабинете: http://site.test/me`,
    );
  });

  it('a recipient who ordered before: in the language of their newest order, whatever the giver’s', async () => {
    const english = uniqueEmail('friend-en');
    const now = app.api.clock.now();
    await insertOrder(app.api.deps.db, { userId: null, email: english, createdAt: new Date(now.getTime() - 60_000), language: 'ru' });
    await insertOrder(app.api.deps.db, { userId: null, email: english, createdAt: now, language: 'en' });
    const toEnglish = (await give(english, 'ru')).letter;
    expect(toEnglish.subject).toBe('A ticket has been given to you');
    expect(toEnglish.text).not.toMatch(CYRILLIC);

    const russian = uniqueEmail('friend-ru');
    await insertOrder(app.api.deps.db, { userId: null, email: russian, createdAt: now, language: 'ru' });
    const toRussian = (await give(russian, 'en')).letter;
    expect(toRussian.subject).toBe('Вам передали билет');
    expect(toRussian.text).toContain(`«${place.event}»`);
  });

  it('the English text has no Russian', () => {
    const letter = transferLetter('en', { number: 7, event: 'Run', city: 'Moscow', format: '10 km', link: 'http://x.test/me' });
    expect(`${letter.subject}${letter.text}`).not.toMatch(CYRILLIC);
  });
});
