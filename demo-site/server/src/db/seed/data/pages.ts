import { picture } from '../images';

/**
 * The pictures of the organiser's content pages (/corp, /logistics, /smi, /newyear_2022,
 * /virtualEvents, /photo): drawn by the server like every seeded picture (nothing is downloaded).
 * The web app links them by these fixed paths.
 */
export const pagePictures = {
  corp: picture('pages', 'corp', 'Корпоративная команда на старте'),
  logistics: picture('pages', 'logistics', 'Стартовый городок и выдача пакетов'),
  smi: picture('pages', 'smi', 'Пресс-центр на финише'),
  newYear: picture('pages', 'newyear', 'Новогодний забег в костюмах'),
  virtualEvents: picture('pages', 'virtual', 'Бегите там, где удобно'),
  photo: picture('pages', 'photo', 'Фотографы на трассе'),
  photoFinish: picture('pages', 'photo-finish', 'Финиш', 'square'),
  photoStart: picture('pages', 'photo-start', 'Старт', 'square'),
  photoMedal: picture('pages', 'photo-medal', 'Медали', 'square'),
} as const;
