/** The SDK's version (spec 9: 1.2.3, build 51, protocol 1.2). */
export const version = '1.2.3';
