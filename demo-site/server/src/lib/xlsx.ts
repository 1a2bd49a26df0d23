import { type ZipPart, zip } from './zip';

/**
 * A one-sheet XLSX workbook written as its rows come (ECMA-376 SpreadsheetML): the header row bold and
 * frozen, the columns their widths, strings inline (no shared-string table to hold in memory), numbers
 * as numbers. Each batch of rows becomes one chunk of XML, deflated before the next batch is asked for.
 */

export type Cell = string | number | null;

export interface SheetColumn {
  header: string;
  width: number;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** What a cell may hold: Excel's own limit. */
const CELL_CHARACTERS = 32_767;

const part = (name: string, xml: string): ZipPart => ({ name, data: Buffer.from(XML + xml, 'utf8') });

/** What XML 1.0 cannot carry: control characters but tab and line breaks, unpaired surrogates, U+FFFE and U+FFFF. */
export const NOT_IN_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data: escaped; characters XML 1.0 cannot carry dropped; Excel's own `_xHHHH_` escape kept literal. */
export function xmlText(value: string): string {
  return (
    value
      .replace(NOT_IN_XML, '')
      .replace(/_(x[0-9a-f]{4}_)/gi, '_x005F_$1')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      // A parser reads a bare CR as a line feed.
      .replaceAll('\r', '&#13;')
  );
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(reference: string, value: Cell, style: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${reference}"${style}><v>${value}</v></c>` : cellXml(reference, String(value), style);
  const text = xmlText(value.length > CELL_CHARACTERS ? value.slice(0, CELL_CHARACTERS) : value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

const STYLES = `<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** A sheet's name as Excel takes it: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

async function* sheetXml(columns: SheetColumn[], batches: AsyncIterable<Cell[][]>): AsyncGenerator<Buffer> {
  const letters = columns.map((_, index) => columnName(index));
  const row = (number: number, cells: Cell[], style = '') =>
    `<row r="${number}">${cells.map((value, index) => cellXml(`${letters[index]}${number}`, value, style)).join('')}</row>`;
  const widths = columns
    .map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`)
    .join('');
  yield Buffer.from(
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData>${row(
      1,
      columns.map((column) => column.header),
      ' s="1"',
    )}`,
  );
  let number = 1;
  for await (const batch of batches) {
    if (batch.length) yield Buffer.from(batch.map((cells) => row(++number, cells.slice(0, columns.length))).join(''), 'utf8');
  }
  yield Buffer.from('</sheetData></worksheet>');
}

/** The workbook's bytes: one sheet named `name`, its header row from `columns`, then the rows of each batch. */
export function xlsx(name: string, columns: SheetColumn[], batches: AsyncIterable<Cell[][]>, now = new Date()): AsyncGenerator<Buffer> {
  return zip(
    [
      part(
        '[Content_Types].xml',
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
      ),
      part(
        '_rels/.rels',
        `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      part(
        'xl/workbook.xml',
        `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      part(
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
      ),
      part('xl/styles.xml', STYLES),
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml(columns, batches) },
    ],
    now,
  );
}
