import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it (Type0 fonts with Identity-H encoding and a ToUnicode map,
 * streams plain or deflated), one string per text run, in page order. Not a general PDF parser: it is
 * how tests read back what `renderPdf` drew, without a PDF library or a system tool.
 */
export function extractPdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = streamAt + 'stream'.length + (body[streamAt + 6] === '\r' ? 2 : 1);
    const raw = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1');
    const stream = /\/Filter\s*\/FlateDecode/.test(dict) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    objects.set(Number(match[1]), { dict, stream });
  }

  // Font resource name (/F1) → the code → text map of that font's ToUnicode CMap.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(dict)?.[1];
    if (!fontDict) continue;
    for (const [, name, ref] of fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const cmapRef = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict)?.[1];
      const cmap = cmapRef ? objects.get(Number(cmapRef))?.stream : null;
      if (name && cmap) fonts.set(name, parseToUnicode(cmap));
    }
  }

  const runs: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/(Subtype|Type)\s*\/(FontFile|XObject)|CIDInit/.test(dict + stream.slice(0, 64))) continue;
    let font: Map<number, string> | undefined;
    for (const [, name, hexes] of stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[((?:\s*<[0-9a-fA-F]*>\s*-?[\d.]*)*)\s*\]\s*TJ/g)) {
      if (name) {
        font = fonts.get(name);
        continue;
      }
      if (!font || !hexes) continue;
      let text = '';
      for (const [, hex, shift] of hexes.matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
        // Justified lines carry no space glyphs: a wide move to the right (a negative shift) is a space.
        if (shift !== undefined) {
          if (Number(shift) < -200) text += ' ';
          continue;
        }
        for (let i = 0; i + 4 <= hex!.length; i += 4) text += font.get(Number.parseInt(hex!.slice(i, i + 4), 16)) ?? '';
      }
      runs.push(text);
    }
  }
  return runs;
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, list, single] of body!.matchAll(/<(\w+)>\s*<(\w+)>\s*(?:\[([^\]]*)\]|<(\w+)>)/g)) {
      const first = Number.parseInt(from!, 16);
      const last = Number.parseInt(to!, 16);
      if (list !== undefined) {
        [...list.matchAll(/<(\w+)>/g)].forEach(([, hex], i) => {
          map.set(first + i, utf16(hex!));
        });
      } else {
        const base = Number.parseInt(single!, 16);
        for (let code = first; code <= last; code++) map.set(code, String.fromCharCode(base + code - first));
      }
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, hex] of body!.matchAll(/<(\w+)>\s*<(\w+)>/g)) map.set(Number.parseInt(code!, 16), utf16(hex!));
  }
  return map;
}

/** All the text of a PDF as one string, runs joined by spaces and whitespace collapsed (for `toContain`). */
export const pdfPlainText = (pdf: Buffer): string => extractPdfText(pdf).join(' ').replace(/\s+/g, ' ');
