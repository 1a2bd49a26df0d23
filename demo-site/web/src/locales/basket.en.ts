import type { Messages } from './ru';

/** English texts of the basket screens: the same keys as basket.ru.ts (the type checks it). */
export const basketEn: Messages['basket'] = {};
