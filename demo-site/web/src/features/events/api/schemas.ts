import * as z from 'zod/mini';

/**
 * The event entities of ticketing-shop §3 as the server sends them. Fields the screens do not need
 * to function are optional, so a partial record still renders.
 */
/** `name_en` comes in English answers (the site asks in its language: lib/content-language.ts). */
export const citySchema = z.object({ id: z.number(), name_ru: z.string(), name_en: z.nullish(z.string()) });

export const eventTypeSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  logo: z.nullish(z.string()),
  description: z.nullish(z.string()),
  video_promo: z.nullish(z.string()),
  project: z.nullish(z.object({ link: z.nullish(z.string()), picture_main: z.nullish(z.string()), title: z.nullish(z.string()) })),
});

export const bannersSchema = z.object({
  home_page: z.nullish(
    z.object({
      desktop_picture: z.nullish(z.string()),
      mobile_picture: z.nullish(z.string()),
      text_color: z.nullish(z.string()),
      slider_logo: z.nullish(z.string()),
      button_color: z.nullish(z.string()),
    }),
  ),
  landing_page: z.nullish(
    z.object({
      slider_logo: z.nullish(z.string()),
      button_color: z.nullish(z.string()),
      mobile_picture: z.nullish(z.string()),
    }),
  ),
});

export const eventCitySchema = z.object({
  public_id: z.string(),
  city: citySchema,
  start_time: z.string(),
  address: z.nullish(z.string()),
  timezone: z.nullish(z.string()),
});

export const eventBaseSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  external_url: z.nullish(z.string()),
  slider: z.nullish(z.boolean()),
  event_type: eventTypeSchema,
  banners: z.nullish(bannersSchema),
});

export const eventSchema = z.object({
  ...eventBaseSchema.shape,
  event_city: z.array(eventCitySchema),
  /** The kilometres its formats name (for «similar events»). */
  distances: z.nullish(z.array(z.number())),
});

export type City = z.infer<typeof citySchema>;
export type EventType = z.infer<typeof eventTypeSchema>;
export type EventCity = z.infer<typeof eventCitySchema>;
export type EventBase = z.infer<typeof eventBaseSchema>;
export type SportEvent = z.infer<typeof eventSchema>;
