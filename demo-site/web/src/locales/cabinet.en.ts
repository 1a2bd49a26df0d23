import type { Messages } from './ru';

/** English texts of the cabinet screens: the same keys as cabinet.ru.ts (the type checks it). */
export const cabinetEn: Messages['cabinet'] = {};
