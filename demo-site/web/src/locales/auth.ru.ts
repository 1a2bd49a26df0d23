/** Russian texts of the auth screens (kept apart from ru.ts so that each feature owns its strings). */
export const authRu = {};
