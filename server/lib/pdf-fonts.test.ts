import { describe, expect, it } from 'vitest';
import { renderReceiptPdf } from '../modules/payments/receipt-pdf';
import { inspectPdf } from '../test/pdf-inspect';
import { textRuns } from './pdf-fonts';

const NAMES = {
  gujarati: 'ગુજરાતી પટેલ શ્રી',
  devanagari: 'देवनागरी क्षत्रिय शर्मा',
  chinese: '张伟 王芳',
  japanese: '山田 はなこ カタカナ',
  latin: 'José Müller Łukasz Dvořák Ångström Nguyễn',
};

describe('PDF fonts for every script', () => {
  it('cuts text into runs by script, each printed by the Noto family that writes it', () => {
    const families = (text: string) => textRuns(text).map((run) => run.face.family);
    expect(new Set(families(NAMES.gujarati))).toEqual(new Set(['gujarati']));
    expect(new Set(families(NAMES.devanagari))).toEqual(new Set(['devanagari']));
    expect(new Set(families(NAMES.chinese))).toEqual(new Set(['sc']));
    // With kana the ideographs are Japanese too
    expect(new Set(families(NAMES.japanese))).toEqual(new Set(['jp']));
    expect(new Set(families(NAMES.latin))).toEqual(new Set(['latin']));
    // Spaces and commas inside a script stay with that script's font; a Latin e-mail does not
    const runs = textRuns('પટેલ શ્રી, a@b.org');
    expect(runs.map((run) => run.face.family)).toEqual([
      ...Array<string>(runs.length - 1).fill('gujarati'),
      'latin',
    ]);
    expect(runs.at(-1)?.text).toBe('a@b.org');
    expect(textRuns('').length).toBe(0);
  });

  it('prints a receipt with names in Gujarati, Devanagari, Chinese, Japanese and accented Latin', async () => {
    const pdf = await renderReceiptPdf({
      orgName: 'Samaj Association',
      title: 'Payment receipt',
      lines: Object.entries(NAMES).map(([label, value]) => ({ label, value })),
    });
    const contents = inspectPdf(pdf);
    const families = contents.fonts.map((name) => name.replace(/^[A-Z]{6}\+/, ''));
    for (const family of [
      'NotoSans-Regular',
      'NotoSansGujarati-Regular',
      'NotoSansDevanagari-Regular',
    ])
      expect(families).toContain(family);
    expect(families.some((name) => name.startsWith('NotoSansSC-'))).toBe(true);
    expect(families.some((name) => name.startsWith('NotoSansJP-'))).toBe(true);
    // Every font is embedded (a subset), none is a standard font that knows only Latin-1
    expect(contents.fonts.every((name) => /^[A-Z]{6}\+Noto/.test(name))).toBe(true);

    // No letter fell back to .notdef (the empty box) or to '?'
    expect(contents.glyphs.length).toBeGreaterThan(100);
    expect(contents.glyphs.filter((glyph) => glyph.code === 0)).toEqual([]);
    expect(contents.text).not.toContain('?');
    // Each shaped script's glyphs come from its own font and stand for its letters
    const lettersOf = (font: string) =>
      contents.glyphs
        .filter((glyph) => glyph.font.includes(font))
        .map((glyph) => glyph.text)
        .join('');
    expect(lettersOf('NotoSansGujarati')).toMatch(/^[\u0A80-\u0AFF ]+$/);
    expect(lettersOf('NotoSansGujarati')).toContain('ગ');
    expect(lettersOf('NotoSansDevanagari')).toContain('द');
    // Unshaped scripts read back exactly
    expect(contents.text).toContain('张伟 王芳');
    expect(contents.text).toContain('山田 はなこ カタカナ');
    expect(contents.text).toContain(NAMES.latin);
    expect(contents.text).toContain('Samaj Association');
  });

  it('prints receipts written at the same time each with its own letters, from fonts parsed once', async () => {
    // Every document embeds from one parsed font per face: each must still carry its own glyphs
    const names = [NAMES.latin, NAMES.gujarati, 'Zoë Ørsted', NAMES.devanagari];
    const pdfs = await Promise.all(
      names.map((name) =>
        renderReceiptPdf({
          orgName: 'Samaj Association',
          title: 'Payment receipt',
          lines: [{ label: 'Name', value: name }],
        }),
      ),
    );
    pdfs.forEach((pdf, index) => {
      const contents = inspectPdf(pdf);
      expect(contents.glyphs.filter((glyph) => glyph.code === 0)).toEqual([]);
      if (index % 2 === 0) expect(contents.text).toContain(names[index]);
      for (const [other, name] of names.entries())
        if (other !== index && other % 2 === 0) expect(contents.text).not.toContain(name);
    });
    const lettersOf = (pdf: Buffer, font: string) =>
      inspectPdf(pdf)
        .glyphs.filter((glyph) => glyph.font.includes(font))
        .map((glyph) => glyph.text)
        .join('');
    expect(lettersOf(pdfs[1], 'NotoSansGujarati')).toContain('ગ');
    expect(lettersOf(pdfs[3], 'NotoSansDevanagari')).toContain('द');
    expect(lettersOf(pdfs[1], 'NotoSansDevanagari')).toBe('');
  });
});
