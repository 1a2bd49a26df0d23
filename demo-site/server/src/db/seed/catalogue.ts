import { eq, sql } from 'drizzle-orm';
import { stablePublicId } from '../../lib/crypto';
import { toKopecks } from '../../lib/money';
import { addDays, clockTime as clock, zonedTime } from '../../lib/time';
import type { Database } from '../client';
import * as t from '../schema/index';
import {
  eventPictures,
  eventSeed,
  eventTypeLogo,
  eventTypeSeed,
  type FormatSeed,
  formatTemplates,
  insuranceSeed,
  onlineFormatSeed,
  projectSeed,
  teamNames,
  teamNamesEn,
} from './data/catalogue';
import { firstNames, lastNames } from './data/content';
import { english } from './data/english';
import { cityIds, citySeed, regionSeed } from './data/locations';
import { pick } from './random';

export interface SeededCatalogue {
  eventIds: Map<string, number>;
  /** `event/city/format` → format row id, e.g. `spring-run/moscow/10k`. */
  formatIds: Map<string, { id: number; publicId: string }>;
}

/** Distance in km and the pace range (minutes per km) used to invent results for past event cities. */
const resultProfile: Record<string, { km: number; pace: [number, number] }> = {
  '5k': { km: 5, pace: [3.4, 7.5] },
  '10k': { km: 10, pace: [3.5, 7.2] },
  '21k': { km: 21.1, pace: [3.6, 7] },
  relay: { km: 20, pace: [3.6, 6] },
  '25k': { km: 25, pace: [1.6, 3.2] },
  '50k': { km: 50, pace: [1.5, 2.8] },
  team: { km: 50, pace: [1.5, 2.2] },
};

export async function seedCatalogue(db: Database, today: Date, random: () => number): Promise<SeededCatalogue> {
  const projectRows = await db
    .insert(t.projects)
    .values(
      projectSeed.map((project) => ({
        publicId: stablePublicId(`project:${project.key}`),
        title: project.title,
        titleEn: english(project.title),
        link: project.link,
        pictureMain: project.pictureMain,
      })),
    )
    .returning({ id: t.projects.id });
  const projectIds = new Map(projectSeed.map((project, i) => [project.key, projectRows[i]!.id]));

  const typeRows = await db
    .insert(t.eventTypes)
    .values(
      eventTypeSeed.map((type, sort) => ({
        publicId: stablePublicId(`event-type:${type.key}`),
        projectId: projectIds.get(type.project)!,
        title: type.title,
        titleEn: english(type.title),
        description: type.description,
        descriptionEn: english(type.description),
        logo: eventTypeLogo(type.key, type.title),
        videoPromo: `https://video.geroi.example/${type.key}.mp4`,
        sort,
      })),
    )
    .returning({ id: t.eventTypes.id });
  const typeIds = new Map(eventTypeSeed.map((type, i) => [type.key, typeRows[i]!.id]));

  const insuranceRows = await db
    .insert(t.insurances)
    .values(
      insuranceSeed.map((insurance, sort) => ({
        publicId: stablePublicId(`insurance:${insurance.key}`),
        name: insurance.name,
        nameEn: english(insurance.name),
        title: insurance.title,
        titleEn: english(insurance.title),
        subtitle: insurance.subtitle,
        subtitleEn: english(insurance.subtitle),
        description: insurance.description,
        descriptionEn: english(insurance.description),
        footnote: insurance.footnote,
        footnoteEn: english(insurance.footnote),
        legals: insurance.legals,
        logo: insurance.logo,
        price: toKopecks(insurance.price),
        isDefault: insurance.isDefault,
        activationDelay: insurance.activationDelay,
        validityTime: insurance.validityTime,
        userPicksStart: insurance.userPicksStart,
        sort,
      })),
    )
    .returning({ id: t.insurances.id });

  const eventIds = new Map<string, number>();
  const formatIds = new Map<string, { id: number; publicId: string }>();
  for (const [sort, event] of eventSeed.entries()) {
    const type = eventTypeSeed.find((candidate) => candidate.key === event.type)!;
    const logo = eventTypeLogo(type.key, type.title);
    const pictures = eventPictures(event);
    const [eventRow] = await db
      .insert(t.events)
      .values({
        publicId: stablePublicId(`event:${event.key}`),
        eventTypeId: typeIds.get(event.type)!,
        title: event.title,
        titleEn: english(event.title),
        description: event.description,
        descriptionEn: english(event.description),
        externalUrl: event.externalUrl ?? null,
        slider: event.slider,
        banners: {
          home_page: {
            desktop_picture: pictures.desktop,
            mobile_picture: pictures.mobile,
            text_color: '#ffffff',
            slider_logo: logo,
            button_color: event.buttonColor,
          },
          landing_page: { slider_logo: logo, button_color: event.buttonColor, mobile_picture: pictures.landing },
        },
        sort,
      })
      .returning({ id: t.events.id });
    eventIds.set(event.key, eventRow!.id);

    for (const place of event.cities) {
      const city = citySeed.find((candidate) => candidate.key === place.city)!;
      const startTime = zonedTime(addDays(today, place.day), place.time, city.timezone);
      const cityKey = `${event.key}/${place.city}`;
      const [eventCity] = await db
        .insert(t.eventCities)
        .values({
          publicId: stablePublicId(`event-city:${cityKey}`),
          eventId: eventRow!.id,
          cityId: cityIds[place.city],
          startTime,
          address: place.address,
          addressEn: english(place.address),
          timezone: city.timezone,
          resultsPublished: place.day < 0,
        })
        .returning({ id: t.eventCities.id });

      const templates = formatTemplates[type.template].filter((format) => !format.space || place.space);
      for (const [formatSort, format] of templates.entries()) {
        const key = `${cityKey}/${format.key}`;
        const [formatRow] = await db
          .insert(t.eventFormats)
          .values({
            ...formatValues(format, city.regionId),
            publicId: stablePublicId(`format:${key}`),
            eventCityId: eventCity!.id,
            sort: formatSort,
          })
          .returning({ id: t.eventFormats.id, publicId: t.eventFormats.publicId });
        const formatId = formatRow!.id;
        formatIds.set(key, formatRow!);
        await db.insert(t.formatStock).values(Object.entries(format.capacity).map(([kind, capacity]) => ({ formatId, kind, capacity })));
        if (format.insurance)
          await db.insert(t.formatInsurances).values(insuranceRows.map((insurance) => ({ formatId, insuranceId: insurance.id })));
        if (format.isTeam && place.day > 0) {
          const count = 3 + Math.floor(random() * 3);
          await db.insert(t.teams).values(
            Array.from({ length: count }, (_, i) => ({
              publicId: stablePublicId(`team:${key}:${i}`),
              formatId,
              name: teamNames[(i + formatSort + sort) % teamNames.length]!,
              nameEn: teamNamesEn[teamNames[(i + formatSort + sort) % teamNames.length]!] ?? null,
              number: i + 1,
              membersCount: 1 + Math.floor(random() * (format.maxCount - 1)),
            })),
          );
        }
        if (format.numbers) {
          const [from, to] = format.numbers;
          const taken = new Set<number>();
          while (taken.size < 25) taken.add(from + Math.floor(random() * (to - from + 1)));
          await db
            .insert(t.bookedNumbers)
            .values([...taken].sort((a, b) => a - b).map((number) => ({ formatId, number, bookedAt: addDays(today, -1) })));
        }
        if (format.space) {
          const places = [];
          for (const sector of ['A', 'B'])
            for (let row = 1; row <= 5; row++)
              for (let seat = 1; seat <= 10; seat++)
                places.push({
                  publicId: stablePublicId(`place:${key}:${sector}:${row}:${seat}`),
                  formatId,
                  sector,
                  row,
                  place: seat,
                  booked: random() < 0.2,
                });
          await db.insert(t.spacePlaces).values(places);
          // Seats already booked are taken stock.
          const booked = places.filter((place) => place.booked).length;
          await db.update(t.formatStock).set({ taken: booked }).where(eq(t.formatStock.formatId, formatId));
        }
        if (place.day < 0 && !format.hidden && resultProfile[format.key]) {
          const [hours = 0, minutes = 0] = place.time.split(':').map(Number);
          await db
            .insert(t.resultRows)
            .values(resultRows(key, formatId, format, resultProfile[format.key]!, city.nameRu, (hours * 60 + minutes) * 60, random));
        }
      }

      if (place.external) {
        await db.insert(t.externalFormats).values(
          [
            { key: 'canicross', title: 'Каникросс 3 км', description: 'Забег с собакой: регистрация на сайте партнёра.', price: 1500 },
            {
              key: 'nordic',
              title: 'Скандинавская ходьба 5 км',
              description: 'Ходьба с палками: регистрация на сайте партнёра.',
              price: 900,
            },
          ].map((external) => ({
            publicId: stablePublicId(`external:${cityKey}:${external.key}`),
            eventCityId: eventCity!.id,
            title: external.title,
            titleEn: english(external.title),
            description: external.description,
            descriptionEn: english(external.description),
            price: toKopecks(external.price),
            link: `https://partner.geroi.example/${event.key}/${external.key}`,
            startTime: new Date(startTime.getTime() + 2 * 3_600_000),
          })),
        );
      }
    }
  }
  // A virtual format (ticketing-shop: online participation): run anywhere, send the time from the ticket
  // page. Added after everything else, so the seeded random sequence above stays as it was.
  const [autumn] = await db
    .select({ id: t.eventCities.id })
    .from(t.eventCities)
    .where(eq(t.eventCities.publicId, stablePublicId('event-city:autumn-run/rostov')));
  if (autumn) {
    const key = 'autumn-run/rostov/online-5k';
    const [formatRow] = await db
      .insert(t.eventFormats)
      .values({
        ...formatValues(onlineFormatSeed, regionOf('rostov')),
        online: true,
        publicId: stablePublicId(`format:${key}`),
        eventCityId: autumn.id,
        sort: 99,
      })
      .returning({ id: t.eventFormats.id, publicId: t.eventFormats.publicId });
    formatIds.set(key, formatRow!);
    await db.insert(t.formatStock).values({ formatId: formatRow!.id, kind: 'athlete', capacity: onlineFormatSeed.capacity.athlete! });
  }
  // One sold-out format (issue 35): its page offers the waiting list. Every place is taken.
  const soldOut = formatIds.get(SOLD_OUT_FORMAT);
  if (soldOut)
    await db
      .update(t.formatStock)
      .set({ taken: sql`${t.formatStock.capacity}` })
      .where(eq(t.formatStock.formatId, soldOut.id));
  return { eventIds, formatIds };
}

/** The seed's sold-out format: the night run's 10 km in Moscow. */
export const SOLD_OUT_FORMAT = 'night-run/moscow/10k';

const regionOf = (cityKey: string) => citySeed.find((candidate) => candidate.key === cityKey)!.regionId;

function formatValues(format: FormatSeed, regionId: number) {
  return {
    title: format.title,
    titleEn: english(format.title),
    description: format.description,
    descriptionEn: english(format.description),
    price: toKopecks(format.price),
    isTeam: format.isTeam ?? false,
    maxCount: format.maxCount,
    fixedCount: format.fixedCount ?? false,
    teamAll: format.teamAll ?? false,
    buyLimit: format.buyLimit ?? null,
    hidden: format.hidden ?? false,
    ageMin: format.ageMin ?? null,
    ageMax: format.ageMax ?? null,
    licenseFile: format.licenseFile ?? false,
    shirtUnavailable: format.shirtUnavailable ?? false,
    insuranceAvailable: format.insurance ?? false,
    preregistration: format.preregistration ?? false,
    space: format.space ?? false,
    delivery: format.delivery ?? false,
    clubs: format.clubs ?? false,
    notes: format.notes ?? null,
    notesEn: format.notes ? english(format.notes) : null,
    regions: format.allRegions ? regionSeed.map((region) => region.id) : [regionId],
    clusters: format.clusters ?? [],
    additionalFields: format.additionalFields ?? [],
    additionalFieldsEn: format.additionalFields?.map((field) => ({ ...field, label: english(field.label) })) ?? null,
    select: format.select ?? null,
    selectEn: format.select ? { ...format.select, title: english(format.select.title) } : null,
    numberFrom: format.numbers?.[0] ?? null,
    numberTo: format.numbers?.[1] ?? null,
  };
}

const ageGroups = ['18-29', '30-39', '40-49', '50-59', '60+'];

function resultRows(
  key: string,
  formatId: number,
  format: FormatSeed,
  profile: { km: number; pace: [number, number] },
  city: string,
  gunSeconds: number,
  random: () => number,
) {
  const count = format.isTeam ? 8 : 30;
  const rows = Array.from({ length: count }, (_, i) => {
    const gender = random() < 0.55 ? ('male' as const) : ('female' as const);
    const pace = profile.pace[0] + random() * (profile.pace[1] - profile.pace[0]) + (gender === 'female' ? 0.3 : 0);
    const net = Math.round(profile.km * pace * 60);
    const delay = Math.floor(random() * 120);
    const roll = random();
    const status = roll < 0.9 ? 'Финишировал' : roll < 0.96 ? 'Сошёл' : 'Не стартовал';
    const ageGroup = pick(random, ageGroups);
    return {
      publicId: stablePublicId(`result:${key}:${i}`),
      formatId,
      startNumber: 100 + i,
      firstName: pick(random, firstNames[gender]),
      lastName: pick(random, lastNames[gender]),
      gender,
      ageCategory: `${gender === 'male' ? 'М' : 'Ж'}${ageGroup}`,
      teamName: format.isTeam ? teamNames[i % teamNames.length]! : null,
      city,
      distance: `${String(profile.km).replace('.', ',')} км`,
      status,
      category: format.clusters?.length && random() < 0.15 ? 'Элита' : 'Любители',
      net: status === 'Финишировал' ? net : null,
      delay,
    };
  });
  const finished = rows.filter((row) => row.net !== null).sort((a, b) => a.net! - b.net!);
  const placeWithin = (group: (row: (typeof rows)[number]) => string) => {
    const counters = new Map<string, number>();
    const places = new Map<string, number>();
    for (const row of finished) {
      const next = (counters.get(group(row)) ?? 0) + 1;
      counters.set(group(row), next);
      places.set(row.publicId, next);
    }
    return places;
  };
  const overall = placeWithin(() => 'all');
  const byGender = placeWithin((row) => row.gender);
  const byAge = placeWithin((row) => row.ageCategory);
  const byCategory = placeWithin((row) => row.category);
  return rows.map(({ category: _category, net, delay, ...row }) => ({
    ...row,
    startTime: clock(gunSeconds + delay),
    finishTime: net === null ? null : clock(gunSeconds + net + delay),
    netTime: net === null ? null : clock(net),
    officialTime: net === null ? null : clock(net + delay),
    penaltyTime: net === null ? null : '00:00:00',
    bonusTime: null,
    placeOverall: overall.get(row.publicId) ?? null,
    placeGender: byGender.get(row.publicId) ?? null,
    placeAge: byAge.get(row.publicId) ?? null,
    placeCategory: byCategory.get(row.publicId) ?? null,
  }));
}
