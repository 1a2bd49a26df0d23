/** Russian texts of the basket screens (kept apart from ru.ts so that each feature owns its strings). */
export const basketRu = {};
