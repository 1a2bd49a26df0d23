/**
 * The SDK's version (spec 9: 1.2.3, build 51, protocol 1.2).
 * @example
 * console.info(`«Войти с Газпром ID» SDK ${GidSdk.version}`);
 */
export const version = '1.2.3';
