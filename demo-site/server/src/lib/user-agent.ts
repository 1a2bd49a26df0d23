/** Operating system and browser from a User-Agent, for the sessions page. Unknown parts are null. */
export function describeUserAgent(userAgent: string | undefined): { os: string | null; browser: string | null } {
  const ua = userAgent ?? '';
  return { os: detectOs(ua), browser: detectBrowser(ua) };
}

function detectOs(ua: string): string | null {
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua)) return 'Android';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

function detectBrowser(ua: string): string | null {
  const rules: [RegExp, string][] = [
    [/YaBrowser\//, 'Яндекс Браузер'],
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  return rules.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
}
