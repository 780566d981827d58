// The choice of embedded face per run of text (modules/documents/pdf-fonts.ts): letters go to the first face that has
// them; spaces, punctuation and marks stay in the run they stand in; nothing is lost or reordered.
import { describe, expect, it } from 'vitest';
import { documentFonts, runsOf, splitRuns } from '../../../src/modules/documents/pdf-fonts.js';

describe('splitRuns', () => {
  // Face 0 draws Latin only, face 1 Latin and ideographs: a toy pair that makes each rule visible.
  const latin = (code: number) => code < 0x250;
  const has = (face: number, code: number) =>
    face === 0 ? latin(code) : latin(code) || (code >= 0x3000 && code < 0xa000);

  it('keeps a string of one script in one run', () => {
    expect(splitRuns('Zoë Łukasiewicz-Ñúñez', has, 2)).toEqual([{ text: 'Zoë Łukasiewicz-Ñúñez', face: 0 }]);
  });

  it('switches face for letters the first face lacks, keeping spaces with the run they follow', () => {
    expect(splitRuns('Ms 山田 太郎, Tokyo', has, 2)).toEqual([
      { text: 'Ms ', face: 0 },
      { text: '山田 太郎, ', face: 1 },
      { text: 'Tokyo', face: 0 },
    ]);
  });

  it('gives a character no face has to the first face, and an empty string no run', () => {
    expect(splitRuns('a\u{1F600}', has, 2)).toEqual([{ text: 'a\u{1F600}', face: 0 }]);
    expect(splitRuns('', has, 2)).toEqual([]);
  });
});

describe('the embedded faces', () => {
  it('cover the names of issue #25 and the scripts named in docs/product.md', async () => {
    const faces = await documentFonts();
    const faceOf = (text: string) => runsOf(text, faces).map((run) => faces[run.face]?.name);
    expect(faceOf('Zoë Łukasiewicz-Ñúñez')).toEqual(['NotoSans']);
    expect(faceOf('Дмитрий Иванов')).toEqual(['NotoSans']);
    expect(faceOf('Σωκράτης')).toEqual(['NotoSans']);
    expect(faceOf('नमस्ते')).toEqual(['NotoSans']);
    expect(faceOf('山田太郎')).toEqual(['NotoSansJP']);
    expect(faceOf('שלום')).toEqual(['NotoSansHebrew']);
    expect(faceOf('محمد')).toEqual(['NotoNaskhArabic']);
    expect(faceOf('สมชาย')).toEqual(['NotoSansThai']);
    // Each face covers every letter given to it.
    for (const text of ['Zoë', '山田太郎', 'שלום', 'محمد', 'สมชาย']) {
      for (const run of runsOf(text, faces)) {
        for (const ch of run.text) expect(faces[run.face]?.regular.hasGlyphForCodePoint(ch.codePointAt(0)!)).toBe(true);
      }
    }
  });
});
