import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * PDFs with Russian text, made offline: pdfkit embeds (a subset of) DejaVu Sans, a TrueType font that
 * ships in the `dejavu-fonts-ttf` npm package — nothing is fetched at run time. A document is a list of
 * blocks; the builders of the certificate and the site's documents compose them.
 */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** A label and its value on one line: «Дистанция: 10 км». */
  | { kind: 'field'; label: string; value: string }
  /** Large centred text (the certificate's name and time). */
  | { kind: 'highlight'; text: string }
  | { kind: 'space'; lines: number };

export interface PdfSpec {
  /** The document's title in its metadata. */
  title: string;
  blocks: PdfBlock[];
  /** Landscape with a frame and centred text (a certificate); portrait and left-aligned otherwise. */
  layout?: 'document' | 'certificate';
  /** The date stamped in the metadata (the server clock), so equal content gives equal bytes. */
  createdAt: Date;
  /** Deflate the page streams (default). Off only to read the text back in tests. */
  compress?: boolean;
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** The two DejaVu Sans faces, read once per process (about 1.4 MB). */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const ACCENT = '#c8102e';
const TEXT = '#1a1a1a';
const MUTED = '#555555';

/** Renders a document to the bytes of a PDF file. */
export function renderPdf(spec: PdfSpec): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const certificate = spec.layout === 'certificate';
  const doc = new PDFDocument({
    size: 'A4',
    layout: certificate ? 'landscape' : 'portrait',
    margin: certificate ? 72 : 56,
    compress: spec.compress ?? true,
    info: { Title: spec.title, Author: 'Герои', Creator: 'Герои', CreationDate: spec.createdAt, ModDate: spec.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  if (certificate) {
    const inset = 24;
    doc
      .lineWidth(3)
      .strokeColor(ACCENT)
      .rect(inset, inset, doc.page.width - 2 * inset, doc.page.height - 2 * inset)
      .stroke();
    // A certificate is short: start lower so the text sits in the middle of the sheet.
    doc.y = doc.page.height * 0.2;
  }
  const align = certificate ? 'center' : 'left';
  for (const block of spec.blocks) {
    switch (block.kind) {
      case 'title':
        doc
          .font('bold')
          .fontSize(certificate ? 34 : 20)
          .fillColor(ACCENT)
          .text(block.text, { align });
        doc.moveDown(0.6);
        break;
      case 'heading':
        doc.moveDown(0.4);
        doc.font('bold').fontSize(13).fillColor(TEXT).text(block.text, { align });
        doc.moveDown(0.2);
        break;
      case 'paragraph':
        doc
          .font('regular')
          .fontSize(certificate ? 14 : 11)
          .fillColor(TEXT)
          .text(block.text, { align: certificate ? 'center' : 'justify' });
        doc.moveDown(0.4);
        break;
      case 'field':
        // pdfkit lays out `continued` fragments left to right only, so centred fields are one run.
        if (certificate) doc.font('regular').fontSize(15).fillColor(TEXT).text(`${block.label}: ${block.value}`, { align });
        else {
          doc.font('regular').fontSize(11).fillColor(MUTED).text(`${block.label}: `, { continued: true });
          doc.font('bold').fillColor(TEXT).text(block.value);
        }
        doc.moveDown(0.2);
        break;
      case 'highlight':
        doc.font('bold').fontSize(26).fillColor(TEXT).text(block.text, { align });
        doc.moveDown(0.3);
        break;
      case 'space':
        doc.moveDown(block.lines);
        break;
    }
  }
  doc.end();
  return done;
}
