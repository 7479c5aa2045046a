export interface TReceiptLine {
  label: string;
  value: string;
}

/**
 * pdfkit's built-in Helvetica knows only the Windows Latin set; other characters (a name in
 * Gujarati script) would print as stray glyphs, so they are shown as '?' and the e-mail body,
 * which has no such limit, carries the name as typed.
 */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u20AC]/g, '?');
}

/**
 * The receipt as a one-page PDF, rendered in memory (nothing touches the disk). pdfkit and its
 * fonts (0.7 s, 25 MB) are loaded by the first receipt, not by every server start.
 */
export async function renderReceiptPdf(input: {
  orgName: string;
  title: string;
  lines: readonly TReceiptLine[];
}): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    info: { Title: printable(input.title), Author: printable(input.orgName) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(printable(input.orgName));
  doc.moveDown(0.3).font('Helvetica').fontSize(12).fillColor('#444').text(printable(input.title));
  doc.moveDown(1).fillColor('#000');
  for (const line of input.lines) {
    doc.font('Helvetica-Bold').fontSize(10).text(printable(line.label));
    doc.font('Helvetica').fontSize(11).text(printable(line.value));
    doc.moveDown(0.5);
  }
  doc.moveDown(1).fontSize(9).fillColor('#444').text('Thank you for supporting the association.');
  doc.end();
  return await done;
}
