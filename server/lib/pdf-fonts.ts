/**
 * Fonts for every PDF the server writes (receipts, member exports): names in Latin with any
 * accent, Gujarati, Devanagari, Chinese and Japanese print with real glyphs, never '?'.
 *
 * The fonts are the Noto Sans families the @fontsource-variable packages ship: variable WOFF2
 * files, one per Unicode block ("subset"), each with the Unicode ranges it covers in the
 * package's unicode.json. pdfkit's font engine (fontkit) cannot embed WOFF2 composite glyphs, so
 * each file a document needs is turned once per process into a static TrueType instance at the
 * weight asked for (harfbuzz hb-subset through subset-font), then registered with the document.
 * Every piece of text is cut into runs by script, and each run is written with the subset file
 * that holds its characters; pdfkit shapes each run (conjuncts, vowel signs) with fontkit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TFontkitFont } from 'fontkit';

export type TPdfWeight = 'regular' | 'bold';
type TFamilyId = 'latin' | 'gujarati' | 'devanagari' | 'sc' | 'jp';

const WEIGHT_AXIS: Record<TPdfWeight, number> = { regular: 400, bold: 700 };

/** The npm package of each family and the prefix of its file names. */
const FAMILIES: Record<TFamilyId, { pkg: string; prefix: string }> = {
  latin: { pkg: '@fontsource-variable/noto-sans', prefix: 'noto-sans' },
  gujarati: { pkg: '@fontsource-variable/noto-sans-gujarati', prefix: 'noto-sans-gujarati' },
  devanagari: { pkg: '@fontsource-variable/noto-sans-devanagari', prefix: 'noto-sans-devanagari' },
  sc: { pkg: '@fontsource-variable/noto-sans-sc', prefix: 'noto-sans-sc' },
  jp: { pkg: '@fontsource-variable/noto-sans-jp', prefix: 'noto-sans-jp' },
};
const FAMILY_ORDER: readonly TFamilyId[] = ['latin', 'gujarati', 'devanagari', 'sc', 'jp'];

interface TFace {
  /** Stable name, e.g. 'sc-116': also the font's name inside a document (with the weight). */
  id: string;
  family: TFamilyId;
  file: string;
  ranges: ReadonlyArray<readonly [number, number]>;
}

const requireFromHere = createRequire(import.meta.url);

function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

let facesByFamily: Map<TFamilyId, TFace[]> | null = null;

/** Every subset file of every family, read once from the packages' unicode.json. */
function faces(): Map<TFamilyId, TFace[]> {
  if (facesByFamily) return facesByFamily;
  const map = new Map<TFamilyId, TFace[]>();
  for (const family of FAMILY_ORDER) {
    const { pkg, prefix } = FAMILIES[family];
    const root = dirname(requireFromHere.resolve(`${pkg}/package.json`));
    const unicode = JSON.parse(readFileSync(join(root, 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    const list: TFace[] = [];
    for (const [subset, ranges] of Object.entries(unicode)) {
      const name = subset.replace(/[[\]]/g, '');
      const file = join(root, 'files', `${prefix}-${name}-wght-normal.woff2`);
      if (existsSync(file))
        list.push({ id: `${family}-${name}`, family, file, ranges: parseRanges(ranges) });
    }
    map.set(family, list);
  }
  facesByFamily = map;
  return map;
}

const covers = (face: TFace, cp: number) =>
  face.ranges.some(([from, to]) => cp >= from && cp <= to);

const between = (cp: number, from: number, to: number) => cp >= from && cp <= to;

const isKana = (cp: number) =>
  between(cp, 0x3040, 0x30ff) || between(cp, 0x31f0, 0x31ff) || between(cp, 0xff65, 0xff9f);

const isHan = (cp: number) =>
  between(cp, 0x2e80, 0x2fff) ||
  between(cp, 0x3000, 0x303f) ||
  between(cp, 0x3100, 0x31ef) ||
  between(cp, 0x3200, 0x33ff) ||
  between(cp, 0x3400, 0x4dbf) ||
  between(cp, 0x4e00, 0x9fff) ||
  between(cp, 0xac00, 0xd7af) ||
  between(cp, 0xf900, 0xfaff) ||
  between(cp, 0xfe30, 0xfe4f) ||
  between(cp, 0xff00, 0xff64) ||
  between(cp, 0x20000, 0x3ffff);

/** Spaces, digits, punctuation, joiners and combining marks belong to the run they sit in. */
const isShared = (cp: number) =>
  cp <= 0x40 ||
  between(cp, 0x5b, 0x60) ||
  between(cp, 0x7b, 0x7f) ||
  between(cp, 0x0300, 0x036f) ||
  between(cp, 0x0964, 0x0965) ||
  between(cp, 0x2000, 0x206f) ||
  between(cp, 0xfe00, 0xfe0f);

/** The families to try for a character, best first; null when it takes its neighbour's. */
function familiesFor(cp: number, hasKana: boolean): readonly TFamilyId[] | null {
  if (isShared(cp)) return null;
  if (between(cp, 0x0a80, 0x0aff)) return ['gujarati'];
  if (between(cp, 0x0900, 0x097f) || between(cp, 0xa8e0, 0xa8ff) || between(cp, 0x1cd0, 0x1cff))
    return ['devanagari'];
  if (isKana(cp)) return ['jp', 'sc'];
  // Chinese and Japanese share the ideographs: a name with kana is Japanese, otherwise Chinese
  if (isHan(cp)) return hasKana ? ['jp', 'sc'] : ['sc', 'jp'];
  return ['latin'];
}

const faceCache = new Map<string, TFace | null>();

function findFace(cp: number, preferred: readonly TFamilyId[]): TFace | undefined {
  const key = `${preferred.join(',')}:${cp}`;
  const cached = faceCache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const all = faces();
  let found: TFace | null = null;
  for (const family of [...preferred, ...FAMILY_ORDER]) {
    found = all.get(family)?.find((candidate) => covers(candidate, cp)) ?? null;
    if (found) break;
  }
  faceCache.set(key, found);
  return found ?? undefined;
}

export interface TTextRun {
  text: string;
  face: TFace;
}

/** Tables repeat the same texts (headings, Yes/No, plan names) and measure each more than once. */
const RUNS_CACHE_LIMIT = 5000;
const runsCache = new Map<string, TTextRun[]>();

/** The text cut into runs that each one subset file can print. */
export function textRuns(text: string): TTextRun[] {
  const cached = runsCache.get(text);
  if (cached) return cached;
  const runs = cutRuns(text);
  if (runsCache.size >= RUNS_CACHE_LIMIT) runsCache.clear();
  runsCache.set(text, runs);
  return runs;
}

function cutRuns(text: string): TTextRun[] {
  const chars = Array.from(text.normalize('NFC'));
  const cps = chars.map((char) => char.codePointAt(0) ?? 0);
  const hasKana = cps.some(isKana);
  const fallback = faces().get('latin')?.[0];
  if (!fallback) throw new Error('The Noto Sans font package has no files.');
  const runs: TTextRun[] = [];
  let previous: TFamilyId | null = null;
  chars.forEach((char, index) => {
    const cp = cps[index];
    let preferred = familiesFor(cp, hasKana);
    if (!preferred) {
      // A shared character joins the script before it, else the first script after it
      if (previous) preferred = [previous];
      else {
        for (let at = index + 1; at < cps.length && !preferred; at += 1)
          preferred = familiesFor(cps[at], hasKana);
        preferred ??= ['latin'];
      }
    } else previous = preferred[0];
    const face = findFace(cp, preferred) ?? runs.at(-1)?.face ?? fallback;
    const last = runs.at(-1);
    if (last && last.face === face) last.text += char;
    else runs.push({ text: char, face });
  });
  return runs;
}

const instances = new Map<string, Promise<TFontkitFont>>();

function rangeText(face: TFace): string {
  let text = '';
  for (const [from, to] of face.ranges)
    for (let cp = from; cp <= to; cp += 1) text += String.fromCodePoint(cp);
  return text;
}

/**
 * The face as a static TrueType font at the weight, made and parsed once per process. Every
 * document takes the same parsed font: parsing its tables again for each receipt was half of a
 * receipt's time, and a sale's receipts are written on the server's one core while buyers wait.
 */
function instance(face: TFace, weight: TPdfWeight): Promise<TFontkitFont> {
  const key = `${face.id}-${weight}`;
  let made = instances.get(key);
  if (!made) {
    // subset-font (harfbuzz in WebAssembly) and fontkit load with the first PDF, not every start
    made = Promise.all([import('subset-font'), import('fontkit')]).then(
      async ([{ default: subsetFont }, fontkit]) =>
        fontkit.create(
          await subsetFont(readFileSync(face.file), rangeText(face), {
            targetFormat: 'truetype',
            variationAxes: { wght: WEIGHT_AXIS[weight] },
          }),
        ),
    );
    made.catch(() => instances.delete(key));
    instances.set(key, made);
  }
  return made;
}

/**
 * Makes the fonts nearly every PDF needs (Latin, regular and bold, and Gujarati) ahead of the
 * first one, so the first receipt after a start does not wait for them inside its transaction.
 */
export async function warmPdfFonts(): Promise<void> {
  const all = faces();
  const wanted = [
    ...(all.get('latin') ?? []).filter((face) => face.id === 'latin-latin'),
    ...(all.get('gujarati') ?? []).filter((face) => face.id === 'gujarati-gujarati'),
  ];
  for (const face of wanted) {
    await instance(face, 'regular');
    await instance(face, 'bold');
  }
}

const fontName = (face: TFace, weight: TPdfWeight) => `noto-${face.id}-${weight}`;
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/**
 * Registers with the document every font its texts need, at the weights given. Call it before
 * writing a batch of texts (all at once for a small document, per page of rows for a long one).
 */
export async function prepareFonts(
  doc: PDFKit.PDFDocument,
  texts: Iterable<string>,
  weights: readonly TPdfWeight[] = ['regular', 'bold'],
): Promise<void> {
  const needed = new Map<string, TFace>();
  for (const text of texts) for (const run of textRuns(text)) needed.set(run.face.id, run.face);
  const done = registered.get(doc) ?? new Set<string>();
  registered.set(doc, done);
  const jobs: Array<Promise<void>> = [];
  for (const face of needed.values())
    for (const weight of weights) {
      const name = fontName(face, weight);
      if (done.has(name)) continue;
      done.add(name);
      jobs.push(
        instance(face, weight).then((font) => {
          // pdfkit takes a parsed fontkit font as well as a file (PDFFontFactory.open); its
          // types name only files
          doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
        }),
      );
    }
  await Promise.all(jobs);
}

export interface TPdfTextStyle {
  weight?: TPdfWeight;
  size: number;
}

function selectFont(doc: PDFKit.PDFDocument, run: TTextRun, style: TPdfTextStyle): void {
  doc.font(fontName(run.face, style.weight ?? 'regular')).fontSize(style.size);
}

/**
 * Flowing text at the cursor, wrapping like `doc.text` (fonts prepared first). Options such as
 * `width` or `align` apply to the whole paragraph.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TPdfTextStyle,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = textRuns(text);
  if (runs.length === 0) {
    doc.fontSize(style.size).text('', options);
    return;
  }
  runs.forEach((run, index) => {
    selectFont(doc, run, style);
    doc.text(run.text, { ...options, continued: index < runs.length - 1 });
  });
}

/** The width the text takes on one line. */
export function textWidth(doc: PDFKit.PDFDocument, text: string, style: TPdfTextStyle): number {
  let width = 0;
  for (const run of textRuns(text)) {
    selectFont(doc, run, style);
    width += doc.widthOfString(run.text);
  }
  return width;
}

/**
 * The text broken at spaces into at most `maxLines` lines of `width` (a table cell); a word
 * longer than a line, or what does not fit on the last line, is left for the cell to cut off.
 */
export function wrapText(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TPdfTextStyle,
  width: number,
  maxLines: number,
): string[] {
  // Most cells fit on one line: one measurement instead of one per word
  if (textWidth(doc, text, style) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  const words = text.split(' ');
  for (let index = 0; index < words.length; index += 1) {
    const candidate = line ? `${line} ${words[index]}` : words[index];
    if (!line || textWidth(doc, candidate, style) <= width) line = candidate;
    else if (lines.length === maxLines - 1) {
      line = [line, ...words.slice(index)].join(' ');
      break;
    } else {
      lines.push(line);
      line = words[index];
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** One line of text at (x, y), cut off at `width` (a table cell); the cursor is left alone. */
export function drawLine(
  doc: PDFKit.PDFDocument,
  text: string,
  at: { x: number; y: number; width: number; height: number },
  style: TPdfTextStyle,
): void {
  const runs = textRuns(text);
  if (runs.length === 0) return;
  const { x: cursorX, y: cursorY } = doc;
  doc.save();
  doc.rect(at.x, at.y, at.width, at.height).clip();
  let x = at.x;
  for (const run of runs) {
    if (x >= at.x + at.width) break;
    selectFont(doc, run, style);
    doc.text(run.text, x, at.y, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
  doc.restore();
  doc.x = cursorX;
  doc.y = cursorY;
}
