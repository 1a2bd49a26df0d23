import { createHash } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { hashPassword, stablePublicId } from '../../lib/crypto';
import { addDays, clockTime, startOfUtcDay, zonedTime } from '../../lib/time';
import type { Database } from '../client';
import * as t from '../schema/index';
import { seedCatalogue } from './catalogue';
import {
  clubPicture,
  clubSeed,
  competitionTypeSeed,
  demoUserSeed,
  firstNames,
  lastNames,
  newsSeed,
  obrnadzorSeed,
  organisationSeed,
} from './data/content';
import { english } from './data/english';
import { cityIds, citySeed, postalIndexSeed, regionSeed } from './data/locations';
import { seededRandom } from './random';
import { seedShop } from './shop';

/**
 * Fills an empty database with the demo content in Russian, with English texts beside the catalogue's
 * (data/english.ts). Deterministic: ids come from stable keys,
 * "random" values from a seeded generator, dates from `now` (so a fresh demo always has upcoming events).
 */
/** The catalogue and content; the demo accounts (with their known passwords) only when asked for (demo mode). */
export async function seedDatabase(db: Database, now: Date, options: { demoAccounts: boolean }): Promise<void> {
  const today = startOfUtcDay(now);
  const random = seededRandom(20_260_501);
  // The demo accounts' password hashes (scrypt, ~0.4 s each on libuv's threads) are started first, so
  // that they run beside the catalogue's inserts instead of one after another at the end.
  const passwordHashes = new Map(
    (options.demoAccounts ? demoUserSeed : []).map((user) => {
      const salt = createHash('sha256').update(`demo-user:${user.key}`).digest().subarray(0, 16);
      const hash = hashPassword(user.password, undefined, salt);
      hash.catch(() => undefined); // awaited below; a failure is reported there, not as an unhandled rejection
      return [user.key, hash] as const;
    }),
  );

  await db
    .insert(t.regions)
    .values(
      regionSeed.map((region, sort) => ({ id: region.id, countryCode: 'RU', nameRu: region.nameRu, nameEn: english(region.nameRu), sort })),
    );
  await db.insert(t.cities).values(
    citySeed.map((city, sort) => ({
      id: cityIds[city.key],
      regionId: city.regionId,
      nameRu: city.nameRu,
      nameEn: english(city.nameRu),
      timezone: city.timezone,
      sort,
    })),
  );
  await db.insert(t.postalIndexes).values(
    postalIndexSeed.map((office) => ({
      index: office.index,
      cityId: cityIds[office.city],
      officeName: office.officeName,
      address: office.address,
    })),
  );

  const catalogue = await seedCatalogue(db, today, random);
  await seedShop(db, today, catalogue);
  const organisationIds = await seedOrganisations(db, today, catalogue.eventIds);

  await db.insert(t.news).values(
    newsSeed.map((item) => ({
      publicId: stablePublicId(`news:${item.key}`),
      title: item.title,
      titleEn: english(item.title),
      description: item.description,
      descriptionEn: english(item.description),
      text: item.text.join('\n\n'),
      textEn: item.text.map(english).join('\n\n'),
      picture: item.picture,
      eventId: item.event ? (catalogue.eventIds.get(item.event) ?? null) : null,
      publishedAt: zonedTime(addDays(today, item.day), '10:00', 'Europe/Moscow'),
    })),
  );

  const competitionTypes = await db
    .insert(t.competitionTypes)
    .values(
      competitionTypeSeed.map((type) => ({
        publicId: stablePublicId(`competition-type:${type.key}`),
        title: type.title,
        titleEn: english(type.title),
        unit: type.unit,
      })),
    )
    .returning({ id: t.competitionTypes.id });
  const competitionTypeIds = new Map(competitionTypeSeed.map((type, i) => [type.key, competitionTypes[i]!.id]));

  const clubIds = new Map<string, number>();
  for (const club of clubSeed) {
    const [row] = await db
      .insert(t.clubs)
      .values({
        publicId: stablePublicId(`club:${club.key}`),
        publicName: club.key,
        title: club.title,
        titleEn: english(club.title),
        description: club.description,
        descriptionEn: english(club.description),
        picture: clubPicture(club.key, club.title),
        cityId: cityIds[club.city],
        createdDate: addDays(today, club.createdDay),
      })
      .returning({ id: t.clubs.id });
    clubIds.set(club.key, row!.id);
    for (const competition of club.competitions) {
      const [inserted] = await db
        .insert(t.clubCompetitions)
        .values({
          publicId: stablePublicId(`competition:${club.key}:${competition.title}`),
          clubId: row!.id,
          competitionTypeId: competitionTypeIds.get(competition.type)!,
          title: competition.title,
          titleEn: english(competition.title),
          description: competition.description,
          descriptionEn: english(competition.description),
          startDate: addDays(today, competition.startDay),
          endDate: addDays(today, competition.startDay + competition.days),
        })
        .returning({ id: t.clubCompetitions.id });
      const unit = competitionTypeSeed.find((type) => type.key === competition.type)!.unit;
      const values = Array.from({ length: 6 }, () =>
        unit === 'time' ? 900 + Math.floor(random() * 1800) : 20 + Math.floor(random() * 120),
      );
      values.sort((a, b) => (unit === 'time' ? a - b : b - a));
      await db.insert(t.competitionResults).values(
        values.map((value, i) => {
          const gender = random() < 0.5 ? 'male' : 'female';
          const first = firstNames[gender][Math.floor(random() * 12)]!;
          const last = lastNames[gender][Math.floor(random() * 12)]!;
          return {
            competitionId: inserted!.id,
            participant: `${first} ${last}`,
            value: unit === 'time' ? clockTime(value) : `${value} км`,
            place: i + 1,
          };
        }),
      );
    }
  }

  await db.insert(t.obrnadzorEntries).values(
    obrnadzorSeed.map((entry, i) => {
      const digits = digitsFrom(`${entry.region}${entry.name}`, 30);
      return {
        publicId: stablePublicId(`obrnadzor:${i}`),
        regionName: entry.region,
        organization: `${longForm(entry.form)} «${entry.name}»`,
        shortName: `${entry.form} «${entry.name}»`,
        inn: `77${digits.slice(0, 8)}`,
        ogrn: `1${digits.slice(8, 20)}`,
        licenseNumber: `Л035-01${digits.slice(20, 23)}-${String(10 + (i % 80)).padStart(2, '0')}/00${digits.slice(23, 29)}`,
        licenseDate: addDays(today, -400 - i * 37)
          .toISOString()
          .slice(0, 10),
        address: entry.address,
        activity: 'Дополнительное образование детей и взрослых; спортивная подготовка',
        status: i % 9 === 8 ? 'Приостановлена' : 'Действующая',
      };
    }),
  );

  for (const user of options.demoAccounts ? demoUserSeed : []) {
    const [row] = await db
      .insert(t.users)
      .values({
        publicId: stablePublicId(`user:${user.key}`),
        email: user.email,
        emailConfirmedAt: today,
        passwordHash: await passwordHashes.get(user.key)!,
        phone: user.phone,
        phoneConfirmedAt: today,
        name: user.name,
        lastName: user.lastName,
        secondName: user.secondName,
        birthDate: user.birthDate,
        gender: user.gender,
        roles: [...user.roles],
        ...(user.roles.includes('vip') ? { discount: 20, discountForm: 'percent' } : {}),
        createdAt: addDays(today, -100),
      })
      .returning({ id: t.users.id });
    for (const club of user.clubs)
      await db.insert(t.userClubs).values({ userId: row!.id, clubId: clubIds.get(club)!, joinedAt: addDays(today, -90) });
    if ('ownerOf' in user)
      await db
        .insert(t.organisationMembers)
        .values({ organisationId: organisationIds.get(user.ownerOf)!, userId: row!.id, role: 'owner', createdAt: today });
    if ('staffOfEveryEvent' in user && user.staffOfEveryEvent) {
      const eventCityRows = await db.select({ id: t.eventCities.id }).from(t.eventCities);
      await db
        .insert(t.eventStaff)
        .values(eventCityRows.map((eventCity) => ({ userId: row!.id, eventCityId: eventCity.id, grantedAt: today })));
    }
  }
}

/** The organisations, each event given to one: the listed ones to theirs, the rest to the first. */
async function seedOrganisations(db: Database, today: Date, eventIds: Map<string, number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const organisation of organisationSeed) {
    const [row] = await db
      .insert(t.organisations)
      .values({ publicId: stablePublicId(`organisation:${organisation.key}`), name: organisation.name, createdAt: addDays(today, -200) })
      .returning({ id: t.organisations.id });
    ids.set(organisation.key, row!.id);
  }
  for (const organisation of organisationSeed)
    for (const key of organisation.events ?? [])
      await db
        .update(t.events)
        .set({ organisationId: ids.get(organisation.key)! })
        .where(eq(t.events.id, eventIds.get(key)!));
  await db
    .update(t.events)
    .set({ organisationId: ids.get(organisationSeed[0].key)! })
    .where(isNull(t.events.organisationId));
  return ids;
}

function digitsFrom(key: string, length: number): string {
  let digits = '';
  for (let round = 0; digits.length < length; round++) {
    digits += BigInt(`0x${createHash('sha256').update(`${key}:${round}`).digest('hex').slice(0, 12)}`).toString();
  }
  return digits.slice(0, length);
}

function longForm(form: string): string {
  if (form.startsWith('АНО')) return 'Автономная некоммерческая организация дополнительного образования';
  if (form.startsWith('ЧУ')) return 'Частное учреждение дополнительного образования';
  if (form.includes('АУ')) return 'Автономное учреждение дополнительного образования';
  return 'Бюджетное учреждение дополнительного образования';
}
