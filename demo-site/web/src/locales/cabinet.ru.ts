/** Russian texts of the cabinet screens (kept apart from ru.ts so that each feature owns its strings). */
export const cabinetRu = {};
