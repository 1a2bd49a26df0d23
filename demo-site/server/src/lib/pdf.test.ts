import { describe, expect, it } from 'vitest';
import { type PdfSpec, renderPdf } from './pdf';
import { extractPdfText, pdfPlainText } from './pdf-text';

const spec: PdfSpec = {
  title: 'Проверка',
  createdAt: new Date('2026-05-01T06:00:00Z'),
  blocks: [
    { kind: 'title', text: 'Сертификат финишёра' },
    { kind: 'highlight', text: 'Мария Соколова' },
    { kind: 'field', label: 'Время', value: '01:52:09' },
    { kind: 'space', lines: 1 },
    {
      kind: 'paragraph',
      text: 'Длинный абзац, который переносится на несколько строк и выравнивается по ширине: «ёлки», — тире, № 152-ФЗ, 200 ₽. '.repeat(4),
    },
  ],
};

describe('renderPdf', () => {
  it('draws Russian text with the embedded font, compressed or not', async () => {
    for (const compress of [true, false]) {
      for (const layout of ['document', 'certificate'] as const) {
        const pdf = await renderPdf({ ...spec, layout, compress });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(pdf.subarray(-6).toString()).toContain('%%EOF');
        expect(pdf.toString('latin1')).toContain('DejaVuSans');
        const runs = extractPdfText(pdf);
        expect(runs.slice(0, 2)).toEqual(['Сертификат финишёра', 'Мария Соколова']);
        const text = pdfPlainText(pdf);
        expect(text).toContain('Время: 01:52:09');
        expect(text).toContain('«ёлки», — тире, № 152-ФЗ, 200 ₽.');
      }
    }
  });

  it('is deterministic for the same content and date', async () => {
    const [first, second] = await Promise.all([renderPdf(spec), renderPdf(spec)]);
    expect(first.equals(second)).toBe(true);
  });
});
