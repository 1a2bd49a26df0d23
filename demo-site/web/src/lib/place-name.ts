import { i18n } from './i18n';

/** A city or region as the API sends it: `name_ru` always, `name_en` in English answers. */
export interface PlaceNames {
  name_ru: string;
  name_en?: string | null | undefined;
}

/** A place's name in the site's language: the English one in English when the server gave it. */
export const placeName = (place: PlaceNames): string => (i18n.language === 'en' && place.name_en) || place.name_ru;
