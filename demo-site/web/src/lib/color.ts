/** Black or white, whichever reads better on a #rrggbb background (WCAG relative luminance). */
export function readableOn(background: string): '#000000' | '#ffffff' {
  const match = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(background.trim());
  if (!match) return '#ffffff';
  const channel = (hex: string) => {
    const value = Number.parseInt(hex, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(match[1]!) + 0.7152 * channel(match[2]!) + 0.0722 * channel(match[3]!);
  // Contrast with white is (1.05) / (L + 0.05); with black (L + 0.05) / 0.05. Pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
