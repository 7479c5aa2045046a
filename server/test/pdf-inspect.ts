/**
 * Reads back a PDF that pdfkit wrote, for tests: the fonts it embeds, and the text of its content
 * streams decoded through each font's ToUnicode map. Test-only; knows pdfkit's output, not every
 * PDF (objects inline, Flate streams with a direct /Length, hex strings for text).
 */
import { inflateSync } from 'node:zlib';

interface TPdfObject {
  dict: string;
  stream: Buffer | null;
}

export interface TPdfGlyph {
  font: string;
  /** The glyph's code in its font (0 is .notdef, the empty box). */
  code: number;
  /** What the font's ToUnicode map says the glyph stands for. */
  text: string;
}

export interface TPdfContents {
  /** BaseFont of every font object, e.g. 'BZZZZZ+NotoSansGujarati-Regular' or 'Helvetica'. */
  fonts: string[];
  /** The decoded text of every text operation, in the order written, joined without spaces. */
  text: string;
  glyphs: TPdfGlyph[];
  pageCount: number;
  /** The first page's MediaBox: [0 0 width height]. */
  mediaBox: number[];
}

function readObjects(pdf: Buffer): Map<number, TPdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, TPdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endobj', start);
    const body = source.slice(start, end);
    const streamAt = body.indexOf('stream\n');
    let stream: Buffer | null = null;
    let dict = body;
    if (streamAt >= 0 && /\/Length (\d+)/.test(body.slice(0, streamAt))) {
      dict = body.slice(0, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const from = start + streamAt + 'stream\n'.length;
      const raw = pdf.subarray(from, from + length);
      stream = /\/Filter \/FlateDecode/.test(dict) ? inflateSync(raw) : Buffer.from(raw);
    }
    objects.set(Number(match[1]), { dict, stream });
    header.lastIndex = end;
  }
  return objects;
}

/** ToUnicode as pdfkit writes it: bfrange lines `<from> <to> [<utf16> <utf16> …]`. */
function readToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const line of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const first = parseInt(line[1], 16);
    // A glyph for several characters (a ligature) lists them inside one <…>, space-separated
    const values = [...line[3].matchAll(/<([0-9a-f ]*)>/gi)].map((value) =>
      value[1].replace(/ /g, ''),
    );
    values.forEach((hex, offset) => {
      const units: number[] = [];
      for (let i = 0; i < hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
      map.set(first + offset, String.fromCharCode(...units));
    });
  }
  for (const line of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)>\s*\n/gi)) {
    if (!map.has(parseInt(line[1], 16)))
      map.set(parseInt(line[1], 16), String.fromCharCode(parseInt(line[2], 16)));
  }
  return map;
}

export function inspectPdf(pdf: Buffer): TPdfContents {
  const objects = readObjects(pdf);
  const fonts: string[] = [];
  const fontByRef = new Map<number, { name: string; cmap: Map<number, string> | null }>();
  for (const [id, object] of objects) {
    if (!/\/Type \/Font\b/.test(object.dict) || /\/Subtype \/CIDFontType2/.test(object.dict))
      continue;
    const name = /\/BaseFont \/(\S+)/.exec(object.dict)?.[1] ?? '';
    fonts.push(name);
    const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(object.dict)?.[1];
    const cmapStream = cmapRef ? objects.get(Number(cmapRef))?.stream : null;
    fontByRef.set(id, {
      name,
      cmap: cmapStream ? readToUnicode(cmapStream.toString('latin1')) : null,
    });
  }
  const fontByResource = new Map<string, { name: string; cmap: Map<number, string> | null }>();
  for (const object of objects.values())
    for (const ref of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = fontByRef.get(Number(ref[2]));
      if (font) fontByResource.set(ref[1], font);
    }

  const glyphs: TPdfGlyph[] = [];
  const pages = [...objects.values()].filter((object) => /\/Type \/Page\b/.test(object.dict));
  const contents = pages.flatMap((page) =>
    [...page.dict.matchAll(/\/Contents (\d+) 0 R/g)].map((ref) => objects.get(Number(ref[1]))),
  );
  for (const content of contents) {
    if (!content?.stream) continue;
    let font: { name: string; cmap: Map<number, string> | null } | undefined;
    const ops = content.stream.toString('latin1').matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g);
    for (const op of ops) {
      if (op[1]) {
        font = fontByResource.get(op[1]);
        continue;
      }
      if (!font) continue;
      const width = font.cmap ? 4 : 2;
      for (const hex of op[2].matchAll(/<([0-9a-f]*)>/gi))
        for (let i = 0; i < hex[1].length; i += width) {
          const code = parseInt(hex[1].slice(i, i + width), 16);
          const text = font.cmap ? (font.cmap.get(code) ?? '') : String.fromCharCode(code);
          glyphs.push({ font: font.name, code, text });
        }
    }
  }
  const mediaBox = /\/MediaBox \[([^\]]*)\]/.exec(pages[0]?.dict ?? '')?.[1] ?? '';
  return {
    fonts,
    text: glyphs.map((glyph) => glyph.text).join(''),
    glyphs,
    pageCount: pages.length,
    mediaBox: mediaBox.trim().split(/\s+/).map(Number),
  };
}
