/**
 * What a file is, judged by its first bytes (its "magic number"), never by its name or the type the
 * client declared: a PNG renamed `.pdf` is a PNG, a text file named `photo.jpg` is nothing we accept.
 */
export type FileKind = 'pdf' | 'jpeg' | 'png';

export interface SniffedType {
  kind: FileKind;
  mime: string;
  /** The usual extension, for download names. */
  extension: string;
}

const signatures: { kind: FileKind; mime: string; extension: string; bytes: number[] }[] = [
  // %PDF-
  { kind: 'pdf', mime: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // SOI marker followed by the first marker's 0xFF
  { kind: 'jpeg', mime: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  // \x89PNG\r\n\x1a\n
  { kind: 'png', mime: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The type of a file by its content, or null when it is none of the kinds the site accepts. */
export function sniffFileType(content: Uint8Array): SniffedType | null {
  for (const { bytes, ...type } of signatures) {
    if (content.length >= bytes.length && bytes.every((byte, i) => content[i] === byte)) return type;
  }
  return null;
}

/**
 * A file name safe to store and to put back in a Content-Disposition header: no folders, no control
 * characters, at most 120 characters, `file` when nothing is left.
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return cleaned.slice(-120) || 'file';
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string, asciiFallback: string): string {
  return `${kind}; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
