import { randomBytes } from 'node:crypto';

/** Small real files of each kind the uploads accept, and one they must not. */
export const sampleFiles = {
  /** A 1×1 PNG. */
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  /** The head of a JFIF JPEG (the type is judged by these bytes). */
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    randomBytes(64),
    Buffer.from([0xff, 0xd9]),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  text: Buffer.from('Это не картинка, а просто текст.\n'),
};

/** A file of exactly `bytes` bytes that sniffs as `kind`. */
export function fileOfSize(kind: 'png' | 'jpeg' | 'pdf', bytes: number): Buffer {
  const head = sampleFiles[kind];
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
}

export type FormPart = { name: string; value: string } | { name: string; filename: string; contentType?: string; content: Buffer };

/** A multipart/form-data body as a browser sends it (UTF-8 names), with the header that goes with it. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gid-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = 'content' in part;
    const disposition = `form-data; name="${part.name}"${file ? `; filename="${part.filename}"` : ''}`;
    const type = file ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(file ? part.content : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
