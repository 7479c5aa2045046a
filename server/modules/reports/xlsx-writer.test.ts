import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  escapeXml,
  excelSerial,
  writeXlsx,
  type TCellValue,
  type TXlsxColumn,
} from './xlsx-writer';

const COLUMNS: TXlsxColumn[] = [
  { header: 'Name', width: 20 },
  { header: 'Count', width: 8 },
  { header: 'Price', width: 12, numFmt: '"$"#,##0.00' },
  { header: 'When', width: 22, numFmt: 'd mmm yyyy h:mm AM/PM' },
];

async function* inBatches(rows: TCellValue[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function written(rows: TCellValue[][], size = 2): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsx(out, { name: 'Sheet & more', columns: COLUMNS }, inBatches(rows, size));
  out.end();
  return Buffer.concat(chunks);
}

async function read(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

describe('the xlsx writer', () => {
  it('writes a workbook a spreadsheet reader opens, with its values, formats and frozen header', async () => {
    const when = new Date('2024-03-10T18:30:00Z');
    const { sheet, rows } = await read(
      await written([
        ['Ada <Lovelace> & "Co"', 2, 30, when],
        ['  spaced  ', 0, 12.5, null],
        ['control\u0001chars\u0008gone', 10, 120, when],
        ['Gujarati ગુજરાતી 😀', 1, 0, when],
        ["'=cmd|calc", 3, 45, when],
      ]),
    );
    expect(sheet.name).toBe('Sheet & more');
    expect(rows[0]).toEqual(['Name', 'Count', 'Price', 'When']);
    expect(rows[1]).toEqual(['Ada <Lovelace> & "Co"', 2, 30, when]);
    expect(rows[2].slice(0, 3)).toEqual(['  spaced  ', 0, 12.5]);
    expect(rows[2][3]).toBeUndefined();
    expect(rows[3][0]).toBe('controlcharsgone');
    expect(rows[4][0]).toBe('Gujarati ગુજરાતી 😀');
    expect(rows[5][0]).toBe("'=cmd|calc");
    expect(rows).toHaveLength(6);
    expect(sheet.getColumn(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getColumn(4).numFmt).toBe('d mmm yyyy h:mm AM/PM');
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps every row of many batches, in order', async () => {
    const rows = Array.from({ length: 2_345 }, (_, i) => [`row ${i}`, i, i / 100, null]);
    const read_ = await read(await written(rows, 1_000));
    expect(read_.rows).toHaveLength(2_346);
    expect(read_.rows[1][0]).toBe('row 0');
    expect(read_.rows[2_345]).toEqual(['row 2344', 2344, 23.44]);
  });

  it('stops reading batches once the reader went away', async () => {
    const out = new Writable({ write: (_chunk, _encoding, done) => done() });
    let batchesRead = 0;
    async function* endless() {
      for (;;) {
        batchesRead++;
        if (batchesRead === 3) out.destroy();
        yield [['x', 1, 1, null]] as TCellValue[][];
      }
    }
    await writeXlsx(out, { name: 'S', columns: COLUMNS }, endless());
    expect(batchesRead).toBe(3);
  });

  it('names columns as a spreadsheet does, and counts days as Excel does', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'ZZ',
      'AAA',
    ]);
    expect(excelSerial(new Date('1970-01-01T00:00:00Z'))).toBe(25_569);
    expect(excelSerial(new Date('2024-03-10T12:00:00Z'))).toBe(45_361.5);
    expect(escapeXml('a<b>&"c"\u0000')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });
});
