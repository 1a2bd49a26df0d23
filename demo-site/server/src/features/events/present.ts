import type { cities, eventCities, events, eventTypes, projects } from '../../db/schema/index';
import { type ContentLanguage, inLanguage, placeNames } from '../../lib/language';

type EventTypeRow = typeof eventTypes.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;
type EventRow = typeof events.$inferSelect;
type EventCityRow = typeof eventCities.$inferSelect;
type CityRow = typeof cities.$inferSelect;

/** A city: `name_ru` as the spec names it and, in English answers, `name_en` beside it. */
export const presentCity = (city: CityRow, language: ContentLanguage = 'ru') => ({ id: city.id, ...placeNames(city, language) });

export const presentEventType = (typeRow: EventTypeRow, projectRow: ProjectRow, language: ContentLanguage) => {
  const type = inLanguage(typeRow, language);
  const project = inLanguage(projectRow, language);
  return {
    public_id: type.publicId,
    logo: type.logo,
    title: type.title,
    description: type.description,
    video_promo: type.videoPromo,
    project: { public_id: project.publicId, title: project.title, link: project.link, picture_main: project.pictureMain },
  };
};

export const presentEventCity = (eventCityRow: EventCityRow, city: CityRow, language: ContentLanguage) => {
  const eventCity = inLanguage(eventCityRow, language);
  return {
    public_id: eventCity.publicId,
    city: presentCity(city, language),
    start_time: eventCity.startTime.toISOString(),
    address: eventCity.address,
    timezone: eventCity.timezone,
    results: eventCity.resultsPublished,
  };
};

/** ticketing-shop §3 Event, without its cities. */
export const presentEventBase = (eventRow: EventRow, type: EventTypeRow, project: ProjectRow, language: ContentLanguage) => {
  const event = inLanguage(eventRow, language);
  return {
    public_id: event.publicId,
    title: event.title,
    description: event.description,
    external_url: event.externalUrl,
    slider: event.slider,
    event_type: presentEventType(type, project, language),
    banners: event.banners,
  };
};

export type EventCityResponse = ReturnType<typeof presentEventCity>;
/** `distances`: the kilometres its on-sale formats name (for «similar events»: the same city, type or distance). */
export type EventResponse = ReturnType<typeof presentEventBase> & { event_city: EventCityResponse[]; distances: number[] };

/** The distance a format's title names, in km («10 км», «21,1 км», «Эстафета 4×5 км» → 5); null when it names none. */
export function distanceKm(title: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)\s*км/i.exec(title);
  return match ? Number(match[1]!.replace(',', '.')) : null;
}
