// The fonts order documents embed, so a name in any script prints as typed (B2B §6; docs/product.md "Documents in any
// script"). pdfkit's built-in fonts draw only Windows-1252; these Noto faces (SIL Open Font License, shipped by npm
// packages) cover Latin with its extensions, Greek, Cyrillic and Devanagari (Noto Sans), Hebrew, Arabic, Thai and the
// Japanese set of CJK ideographs and kana. pdfkit embeds only the glyphs a document uses (a subset), so a PDF grows by
// a few kilobytes per face it actually draws with.
//
// The files are read once per process, asynchronously (not on the event loop's time), and parsed once: the fontkit
// font objects are immutable and shared by every document, like loaded code, so they are not per-app state.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Font } from 'fontkit';
import { apiPackageDir } from '../../infra/package-dir.js';

interface FaceFiles {
  /** The name a document registers the face under (with "-Bold" for the bold weight). */
  name: string;
  /** The npm package shipping the files, and each weight's file inside it. */
  pkg: string;
  regular: string;
  bold: string;
}

/** In order of preference: a character is drawn with the first face that has its glyph. */
const FACES: FaceFiles[] = [
  {
    name: 'NotoSans',
    pkg: '@embedpdf/fonts-latin',
    regular: 'fonts/NotoSans-Regular.ttf',
    bold: 'fonts/NotoSans-Bold.ttf',
  },
  {
    name: 'NotoSansHebrew',
    pkg: '@embedpdf/fonts-hebrew',
    regular: 'fonts/NotoSansHebrew-Regular.ttf',
    bold: 'fonts/NotoSansHebrew-Bold.ttf',
  },
  {
    name: 'NotoNaskhArabic',
    pkg: '@embedpdf/fonts-arabic',
    regular: 'fonts/NotoNaskhArabic-Regular.ttf',
    bold: 'fonts/NotoNaskhArabic-Bold.ttf',
  },
  {
    name: 'NotoSansThai',
    pkg: '@expo-google-fonts/noto-sans-thai',
    regular: '400Regular/NotoSansThai_400Regular.ttf',
    bold: '700Bold/NotoSansThai_700Bold.ttf',
  },
  {
    name: 'NotoSansJP',
    pkg: '@embedpdf/fonts-jp',
    regular: 'fonts/NotoSansJP-Regular.otf',
    bold: 'fonts/NotoSansJP-Bold.otf',
  },
];

export interface LoadedFace {
  name: string;
  regular: Font;
  bold: Font;
}

/** The folder of an installed package, found from its main file (the font packages export no other path). */
function packageFolder(pkg: string): string {
  const require = createRequire(join(apiPackageDir(), 'package.json'));
  let dir = dirname(require.resolve(pkg));
  // The main file may sit in dist/: the package's folder is the nearest one above it named for the package.
  while (!dir.endsWith(pkg) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

let loading: Promise<LoadedFace[]> | undefined;

/** The faces, read and parsed by the first document and kept for the process's life. */
export function documentFonts(): Promise<LoadedFace[]> {
  loading ??= (async () => {
    const { create } = await import('fontkit');
    const open = async (folder: string, file: string) => create(await readFile(join(folder, file))) as Font;
    return Promise.all(
      FACES.map(async (face) => {
        const folder = packageFolder(face.pkg);
        const [regular, bold] = await Promise.all([open(folder, face.regular), open(folder, face.bold)]);
        return { name: face.name, regular, bold };
      }),
    );
  })();
  // A failed read is not remembered: the next document tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export interface TextRun {
  text: string;
  /** Index into the faces. */
  face: number;
}

/** Spaces, punctuation, digits, symbols, combining marks and joiners: they stay in the run they stand in when its
 * face has them, so "山田 太郎" or "Łukasiewicz-Ñúñez" is one run, not three. */
const COMMON = /[\p{Z}\p{P}\p{N}\p{S}\p{M}\u200c\u200d]/u;

/**
 * Splits a string into runs of characters that one face draws: each letter goes to the first face (in FACES' order)
 * that has its glyph; a common character stays with the run before it when that face has it. A character no face
 * has goes to the first face (it draws as an empty box, but the PDF's text still carries it).
 */
export function splitRuns(text: string, has: (face: number, codePoint: number) => boolean, faces: number): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    let face: number;
    if (current && COMMON.test(ch) && has(current.face, code)) {
      face = current.face;
    } else {
      face = 0;
      for (let i = 0; i < faces; i++) {
        if (has(i, code)) {
          face = i;
          break;
        }
      }
    }
    if (current && current.face === face) {
      current.text += ch;
    } else {
      current = { text: ch, face };
      runs.push(current);
    }
  }
  return runs;
}

/** splitRuns over loaded faces (the regular weight decides coverage; both weights of a face cover the same). */
export function runsOf(text: string, faces: LoadedFace[]): TextRun[] {
  return splitRuns(text, (face, code) => faces[face]?.regular.hasGlyphForCodePoint(code) ?? false, faces.length);
}
