import type { Messages } from './ru';

/** English texts of the auth screens: the same keys as auth.ru.ts (the type checks it). */
export const authEn: Messages['auth'] = {};
