import { describe, expect, it } from 'vitest';
import { SubstringIndex } from './substring-index';

/** What the index must answer: every text that contains the term, in order. */
function containing(texts: readonly string[], term: string): number[] {
  return texts.flatMap((text, index) => (text.includes(term) ? [index] : []));
}

const TEXTS = [
  'gm0001 asha patel asha@example.org 101 willow ln',
  'gm0002 ravi shah ravi@example.org 12 oak st',
  'sr0003 meera joshi meera@example.org 7 willow way',
  '',
  'ab',
  'zoë ñandú 東京 o’brien 50% off_road back\\slash',
  'aaaaaa',
];

describe('SubstringIndex', () => {
  const index = new SubstringIndex(TEXTS);

  it('answers what a scan of every text answers, for long, short and absent terms', () => {
    const terms = [
      'willow',
      'willow ln',
      'illow w',
      'a',
      'ab',
      'aaa',
      'aaaaaaa',
      '@example.org',
      'gm000',
      'o’brien',
      '東京',
      'ñandú',
      '50%',
      'off_road',
      '\\',
      'k\\s',
      'zzz',
      ' ',
      '',
    ];
    for (const term of terms) expect(index.matching(term), term).toEqual(containing(TEXTS, term));
  });

  it('agrees with a scan over many generated texts and every term cut from them', () => {
    const words = ['oak', 'willow', 'ln', 'st', 'shah', 'patel', 'joshi', 'a', 'aa', '7', '77'];
    const texts = Array.from({ length: 400 }, (_, i) =>
      [words[i % 11], words[(i * 7) % 11], words[(i * 13) % 11], String(i)].join(' '),
    );
    const generated = new SubstringIndex(texts);
    for (const text of texts.slice(0, 40)) {
      for (let from = 0; from < text.length; from += 3) {
        const term = text.slice(from, from + 1 + (from % 9));
        expect(generated.matching(term), term).toEqual(containing(texts, term));
      }
    }
  });
});
