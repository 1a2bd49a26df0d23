import { describe, expect, it } from 'vitest';
import { sampleFiles } from '../testing/files';
import { normalizeDuration } from './duration';
import { cleanFileName, contentDisposition, sniffFileType } from './file-type';

describe('sniffFileType: by content, never by name', () => {
  it.each([
    ['pdf', sampleFiles.pdf, 'application/pdf'],
    ['jpeg', sampleFiles.jpeg, 'image/jpeg'],
    ['png', sampleFiles.png, 'image/png'],
  ] as const)('%s', (kind, content, mime) => {
    expect(sniffFileType(content)).toMatchObject({ kind, mime });
  });

  it.each([
    ['text', sampleFiles.text],
    ['empty', Buffer.alloc(0)],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['html', Buffer.from('<!doctype html><title>x</title>')],
    ['a truncated png signature', sampleFiles.png.subarray(0, 7)],
    ['%PDF without the dash', Buffer.from('%PDF1.4')],
  ])('%s is none of the accepted kinds', (_name, content) => {
    expect(sniffFileType(content)).toBeNull();
  });
});

describe('file names', () => {
  it.each([
    ['справка.pdf', 'справка.pdf'],
    ['C:\\Users\\me\\photo.jpg', 'photo.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['a"b\u0000\u001fc.png', 'abc.png'],
    ['', 'file'],
    [undefined, 'file'],
  ])('%j → %j', (input, expected) => expect(cleanFileName(input)).toBe(expected));

  it('keeps the end of a long name', () => expect(cleanFileName(`${'я'.repeat(200)}.pdf`)).toMatch(/^я{116}\.pdf$/));

  it('Content-Disposition carries an ASCII name and the UTF-8 one', () => {
    expect(contentDisposition('attachment', 'Сертификат.pdf', 'certificate.pdf')).toBe(
      `attachment; filename="certificate.pdf"; filename*=UTF-8''%D0%A1%D0%B5%D1%80%D1%82%D0%B8%D1%84%D0%B8%D0%BA%D0%B0%D1%82.pdf`,
    );
  });
});

describe('normalizeDuration', () => {
  it.each([
    ['45:07', '00:45:07'],
    ['1:02:03', '01:02:03'],
    [' 02:59:59 ', '02:59:59'],
    ['99:00:00', '99:00:00'],
    ['0:01', '00:00:01'],
  ])('%j → %s', (input, expected) => expect(normalizeDuration(input)).toBe(expected));

  it.each(['', '45', '10:75', '60:00', '1:2:3', '00:00', '00:00:00', '100:00:00', 'ab:cd', '-1:00'])('%j is not a time', (input) => {
    expect(normalizeDuration(input)).toBeNull();
  });
});
