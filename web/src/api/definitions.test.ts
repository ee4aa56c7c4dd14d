/**
 * The web's calls against the generated API description (api/openapi.json, docs/api.md 'How a web call is typed'):
 * every definition (defineApis, defineRoutes) names a path and method of the document, and every download or export
 * address an area file exports is a GET of the document. The types make a wrong pair a compile error already
 * (api/routes.ts); this test reads the document itself, so a definition that got past the types (a cast, a stale
 * schema.d.ts) still fails. The type-level cases below are checked by `tsc -b`, which compiles the tests.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { definedCalls, defineApis, type ApiDef, type Method } from './client';
import { runHandover, previewHandover, type HandoverPreview, type HandoverResult } from './external';
import type { AnswerOf, BodyOf, GetPath, QueryOf } from './routes';

// every area file, so that all definitions are made (the tests, the generated types and the browser's query cache
// are left out)
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./*.d.ts', '!./queries.ts'], { eager: true });

// the API document, read as a file (outside the app's sources; tests run in web/), as catalogue.test.ts does
const fs = (await import(/* @vite-ignore */ ['node', 'fs'].join(':'))) as { readFileSync(path: string, encoding: 'utf8'): string };
const doc = JSON.parse(fs.readFileSync('../api/openapi.json', 'utf8')) as {
  paths: Record<string, Partial<Record<Lowercase<Method>, unknown>>>;
};
const inDoc = (method: Method, path: string) => doc.paths[path]?.[method.toLowerCase() as Lowercase<Method>] !== undefined;

/** Download and upload addresses exported as constants (a string, or an object of strings), by module and name. */
function exportedPaths(): { where: string; path: string }[] {
  const out: { where: string; path: string }[] = [];
  const isPath = (v: unknown): v is string => typeof v === 'string' && /^\/(api|motivate)\//.test(v);
  for (const [file, mod] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(mod)) {
      if (isPath(value)) out.push({ where: `${file} ${name}`, path: value });
      else if (value && typeof value === 'object' && !Array.isArray(value) && !(name in calledMaps(mod))) {
        for (const [key, v] of Object.entries(value)) if (isPath(v)) out.push({ where: `${file} ${name}.${key}`, path: v });
      }
    }
  }
  return out;
}
/** Exported definition maps (STATS_APIS, learnerApis) hold definitions, not addresses. */
function calledMaps(mod: Record<string, unknown>): Record<string, true> {
  const defs = new Set(definedCalls().map((c) => c.def));
  const maps: Record<string, true> = {};
  for (const [name, value] of Object.entries(mod)) {
    if (value && typeof value === 'object' && Object.values(value).some((v) => defs.has(v as never))) maps[name] = true;
  }
  return maps;
}

/** Exported addresses that are not GET downloads: the upload targets (POST), and a prefix of calls. */
const NOT_DOWNLOADS: Record<string, Method | 'prefix'> = {
  './upload.ts UPLOAD_PATHS': 'POST',
  './library.ts SOCIAL_PATH': 'prefix',
};

describe('the web calls are the API description’s (api/openapi.json)', () => {
  it('every area file was loaded', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    expect(definedCalls().length).toBeGreaterThan(250);
  });

  it('every defined call names a path and method of the document', () => {
    const missing = definedCalls()
      .filter(({ def }) => !inDoc(def.method, def.path))
      .map(({ name, def }) => `${name}: ${def.method} ${def.path}`);
    expect(missing).toEqual([]);
  });

  it('no path carries a query string (fixed parameters go in the definition’s query)', () => {
    expect(definedCalls().filter(({ def }) => def.path.includes('?')).map(({ name }) => name)).toEqual([]);
  });

  it('a name is defined once (callApi finds calls by name)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { name, def, named } of definedCalls()) {
      if (!named) continue;
      const where = `${def.method} ${def.path}`;
      if (seen.has(name) && seen.get(name) !== where) twice.push(`${name}: ${seen.get(name)} and ${where}`);
      seen.set(name, where);
    }
    expect(twice).toEqual([]);
  });

  it('every exported download or export address is a GET of the document', () => {
    const paths = exportedPaths();
    expect(paths.length).toBeGreaterThan(30);
    const wrong = paths
      .filter(({ where, path }) => {
        const kind = NOT_DOWNLOADS[where.replace(/\.[^.]*$/, '')] ?? NOT_DOWNLOADS[where] ?? 'GET';
        if (kind === 'prefix') return !Object.keys(doc.paths).some((p) => p.startsWith(`${path}/`));
        return !inDoc(kind, path);
      })
      .map(({ where, path }) => `${where}: ${path}`);
    expect(wrong).toEqual([]);
  });

  it('the test itself notices a call the document does not have', () => {
    expect(inDoc('GET', '/api/reward/rule/list')).toBe(true);
    expect(inDoc('POST', '/api/reward/rule/list')).toBe(false);
    expect(inDoc('GET', '/api/no/such/call')).toBe(false);
  });
});

describe('the types follow the document', () => {
  it('handoverRun answers the run’s result with its id (not the preview)', () => {
    expectTypeOf(runHandover).returns.resolves.toEqualTypeOf<HandoverResult>();
    expectTypeOf<HandoverResult>().toHaveProperty('id').toEqualTypeOf<number>();
    expectTypeOf(previewHandover).returns.resolves.toEqualTypeOf<HandoverPreview>();
    expectTypeOf<HandoverPreview>().not.toHaveProperty('id');
  });

  it('query, body and answer come from the route', () => {
    const apis = defineApis({ typedRuleList: { method: 'GET', path: '/api/reward/rule/list' } });
    expect(apis.typedRuleList.path).toBe('/api/reward/rule/list');
    expectTypeOf<QueryOf<typeof apis.typedRuleList>>().toHaveProperty('sort').toEqualTypeOf<'kind' | 'validFrom' | undefined>();
    expectTypeOf<AnswerOf<typeof apis.typedRuleList>>().toHaveProperty('records');
    expectTypeOf<BodyOf<{ path: '/api/reward/setting'; method: 'PUT' }>>().toEqualTypeOf<{ levels: number }>();
    expectTypeOf<'/api/reward/report/export'>().toExtend<GetPath>();
  });

  it('a path or method the document does not have does not compile', () => {
    // @ts-expect-error the document has no POST on this path
    const wrongMethod: ApiDef = { method: 'POST', path: '/api/reward/rule/list' };
    // @ts-expect-error the document has no such path
    const wrongPath: ApiDef = { method: 'GET', path: '/api/reward/rule/lists' };
    // @ts-expect-error an export that is not a GET of the document
    const wrongExport: GetPath = '/api/reward/report/exports';
    expect([wrongMethod, wrongPath, wrongExport]).toHaveLength(3);
  });
});
