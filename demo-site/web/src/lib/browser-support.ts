/**
 * accounts-sso §2.2: old Microsoft browsers (Internet Explorer, and EdgeHTML up to 18) are sent to
 * /notsupport. Chromium-based Edge says `Edg/`, not `Edge/`, and is supported.
 */
export function isUnsupportedBrowser(userAgent: string): boolean {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  const edge = /Edge\/(\d+)/.exec(userAgent);
  return edge !== null && Number(edge[1]) <= 18;
}
