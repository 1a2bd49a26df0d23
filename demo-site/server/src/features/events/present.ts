import type { cities, eventCities, events, eventTypes, projects } from '../../db/schema/index';

type EventTypeRow = typeof eventTypes.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;
type EventRow = typeof events.$inferSelect;
type EventCityRow = typeof eventCities.$inferSelect;
type CityRow = typeof cities.$inferSelect;

export const presentCity = (city: CityRow) => ({ id: city.id, name_ru: city.nameRu });

export const presentEventType = (type: EventTypeRow, project: ProjectRow) => ({
  public_id: type.publicId,
  logo: type.logo,
  title: type.title,
  description: type.description,
  video_promo: type.videoPromo,
  project: { public_id: project.publicId, title: project.title, link: project.link, picture_main: project.pictureMain },
});

export const presentEventCity = (eventCity: EventCityRow, city: CityRow) => ({
  public_id: eventCity.publicId,
  city: presentCity(city),
  start_time: eventCity.startTime.toISOString(),
  address: eventCity.address,
  timezone: eventCity.timezone,
  results: eventCity.resultsPublished,
});

/** ticketing-shop §3 Event, without its cities. */
export const presentEventBase = (event: EventRow, type: EventTypeRow, project: ProjectRow) => ({
  public_id: event.publicId,
  title: event.title,
  description: event.description,
  external_url: event.externalUrl,
  slider: event.slider,
  event_type: presentEventType(type, project),
  banners: event.banners,
});

export type EventCityResponse = ReturnType<typeof presentEventCity>;
export type EventResponse = ReturnType<typeof presentEventBase> & { event_city: EventCityResponse[] };
