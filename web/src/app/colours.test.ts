import { describe, expect, it } from 'vitest';

/**
 * Every colour comes from the theme (issue 34): app/theme.ts names them, app/theme.css holds them as CSS variables
 * (written from theme.ts by theme.test.ts), and the rest of web/src uses `var(--bd-…)`, so that the dark theme reaches
 * every screen. This check fails on a colour written anywhere else.
 */

// node's fs (the app's types know no node): every file under web/src, by its path there
interface Fs {
  readdirSync: (dir: URL, o: { recursive: true }) => string[];
  readFileSync: (file: URL, encoding: 'utf8') => string;
}
const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as Fs;
const src = new URL('../', import.meta.url);
const all = fs.readdirSync(src, { recursive: true }).map((f) => f.split('\\').join('/'));
const read = (f: string) => fs.readFileSync(new URL(f, src), 'utf8');
const cssFiles = all.filter((f) => f.endsWith('.css'));
const codeFiles = all.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\.d\.ts$/.test(f) && !f.startsWith('testing/'));

/** The theme's own files, and colours that are data or paper rather than the screen's look. */
const THEME_FILES = new Set(['app/theme.css', 'app/theme.ts']);
const ALLOWED: Record<string, string> = {
  // a tag's colour is data the user types: the field's example and its pattern
  'features/library/TagManagerPage.tsx': '#1677ff',
  // a privilege button's colour comes from the server's data; the gallery shows one
  'features/widgets/WidgetGalleryPage.tsx': '#722ed1',
  // a PDF is printed on white paper whatever the screen's theme
  'lib/pdfExport.ts': '#ffffff',
};

// hex colours, rgb()/rgba()/hsl()/hsla(), and CSS's named colours most often typed by hand
const CSS_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(|:\s*(?:[^;{}]*\s)?(?:white|black|red|gr[ae]y|silver|blue|green|orange|yellow)\b/gi;
const TS_COLOUR = /['"`](?:#[0-9a-f]{3,8}\b|(?:rgba?|hsla?)\()/gi;
const stripComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

function findings(file: string, text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)]
    .filter((m) => !(ALLOWED[file] && m[0].includes(ALLOWED[file])))
    .map((m) => `${file}:${lineOf(text, m.index)}: ${text.slice(m.index, m.index + 24).split('\n')[0]}`);
}

describe('colours', () => {
  it('the CSS names no colour outside app/theme.css', () => {
    const css = cssFiles.filter((f) => !THEME_FILES.has(f));
    expect(css.length).toBeGreaterThan(5);
    expect(css.flatMap((f) => findings(f, stripComments(read(f)), CSS_COLOUR))).toEqual([]);
  });

  it('the components name no colour outside app/theme.ts', () => {
    const code = codeFiles.filter((f) => !THEME_FILES.has(f));
    expect(code.length).toBeGreaterThan(50);
    expect(code.flatMap((f) => findings(f, read(f), TS_COLOUR))).toEqual([]);
  });

  it('every theme variable used is defined in app/theme.css', () => {
    const defined = new Set([...read('app/theme.css').matchAll(/(--bd-[a-z0-9-]+):/g)].map((m) => m[1]));
    const used = [...cssFiles, ...codeFiles]
      .flatMap((f) => [...read(f).matchAll(/var\((--bd-[a-z0-9-]+)/g)].map((m) => `${f}: ${m[1]}`))
      .filter((u) => !defined.has(u.slice(u.indexOf(': ') + 2)));
    expect(used).toEqual([]);
  });
});
