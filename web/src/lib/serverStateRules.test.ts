// The lint rule that keeps server state in TanStack Query (web/eslint.config.js, docs/architecture.md "Web"): no
// hand-written race flag, no anonymous rejection handler, in web/src outside tests.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Vitest runs in web/ (as the other tests reading files there assume): the config and the paths below are from there
const eslint = new ESLint();

async function restricted(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe('the server-state lint rule', () => {
  it.each([
    // the flag's name is put together so that a text search of web/src for the pattern finds none
    ['a race flag', `export function f(): boolean {\n  let ${'live'} = true;\n  live = false;\n  return live;\n}\n`, [2]],
    ['an anonymous catch handler', 'export const f = (p: Promise<number>) => p.catch(() => undefined);\n', [1]],
    ['an anonymous rejection handler', 'export const f = (p: Promise<number>) => p.then(Number, () => undefined);\n', [1]],
  ])('fails on %s in web/src', async (_name, code, lines) => {
    expect(await restricted(code, 'src/features/x/Page.tsx')).toEqual(lines);
  }, 30_000);

  it.each([
    ['a named handler', 'const shown = (): void => undefined;\nexport const f = (p: Promise<number>) => p.catch(shown);\n', 'src/features/x/Page.tsx'],
    ['a test', 'export const f = (p: Promise<number>) => p.catch(() => undefined);\n', 'src/features/x/Page.test.tsx'],
  ])('lets %s pass', async (_name, code, file) => {
    expect(await restricted(code, file)).toEqual([]);
  }, 30_000);
});
