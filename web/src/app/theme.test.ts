import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { brand, cssTokens, themeFor, type Scheme } from './theme';

// node's fs and environment (the app's types know no node)
interface Fs {
  readFileSync: (file: URL, encoding: 'utf8') => string;
  writeFileSync: (file: URL, text: string) => void;
}
const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as Fs;
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const cssFile = new URL('./theme.css', import.meta.url);
const kebab = (name: string) => name.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase();
// antd writes its shadows over several indented lines
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** theme.css as app/theme.ts and antd's algorithms make it. */
export function themeCss(): string {
  const block = (scheme: Scheme, selector: string) => {
    const token = antdTheme.getDesignToken(themeFor(scheme, scheme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm)) as unknown as Record<string, unknown>;
    const lines = cssTokens.map((name) => {
      const value = token[name];
      if (typeof value !== 'string' || !value) throw new Error(`theme: antd has no colour token ${name}`);
      return `  --bd-${kebab(name)}: ${oneLine(value)};`;
    });
    for (const [name, value] of Object.entries(brand[scheme])) lines.push(`  --bd-${kebab(name)}: ${value};`);
    return `${selector} {\n  color-scheme: ${scheme};\n${lines.join('\n')}\n}\n`;
  };
  return (
    '/* The theme\'s colours as CSS variables, for the CSS modules and the plain sign-in screen (issue 34). Written by\n' +
    '   app/theme.test.ts from app/theme.ts (antd\'s tokens under its default and dark algorithms): do not edit, run\n' +
    '   `THEME_CSS=write npx vitest run src/app/theme.test.ts`. public/theme-init.js sets data-theme before the first paint. */\n' +
    block('light', ':root') +
    block('dark', ":root[data-theme='dark']")
  );
}

describe('theme.css', () => {
  it("holds antd's tokens of app/theme.ts in both schemes", () => {
    const want = themeCss();
    if (env.THEME_CSS === 'write') fs.writeFileSync(cssFile, want);
    expect(fs.readFileSync(cssFile, 'utf8'), 'theme.css is stale: THEME_CSS=write npx vitest run src/app/theme.test.ts').toBe(want);
  });

  it('names every brand colour in both schemes', () => {
    expect(Object.keys(brand.dark).sort()).toEqual(Object.keys(brand.light).sort());
  });
});
