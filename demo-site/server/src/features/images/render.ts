import { createHash } from 'node:crypto';
import type { PlaceholderImage } from '../../db/seed/images';

const sizes = { wide: [1200, 640], tall: [640, 960], square: [600, 600] } as const;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Splits a label into lines of at most `width` characters on word boundaries. */
function wrap(label: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

/** A gradient card with the label, colours derived from the path: the same picture on every machine. */
export function renderPlaceholder(path: string, image: PlaceholderImage): string {
  const [width, height] = sizes[image.shape];
  const digest = createHash('sha256').update(path).digest();
  const hue = Math.round((digest[0]! / 255) * 360);
  const hue2 = (hue + 40 + (digest[1]! % 80)) % 360;
  const fontSize = Math.round(width / (image.shape === 'wide' ? 18 : 12));
  const lines = image.caption === false ? [] : wrap(image.label, image.shape === 'wide' ? 28 : 16);
  const top = height / 2 - ((lines.length - 1) * fontSize * 1.2) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="50%" y="${Math.round(top + i * fontSize * 1.2)}" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"${image.label ? ` aria-label="${escapeXml(image.label)}"` : ''}>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 30%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${Math.round(width * 0.85)}" cy="${Math.round(height * 0.2)}" r="${Math.round(Math.min(width, height) * 0.25)}" fill="#fff" fill-opacity="0.08"/>
<g fill="#fff" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}">${text}</g>
</svg>`;
}
