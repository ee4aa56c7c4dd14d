import { describe, expect, it } from 'vitest';
import { routes } from '../app/routes';
import en from './en';
import zhCN from './zh-CN';
import enSource from './en.ts?raw';
import zhSource from './zh-CN.ts?raw';
import { cataloguePart, isCoreKey, isPublicKey } from './publicKeys';

const keysOf = (js: string) => [...js.matchAll(/^\s+'([^']+)':/gm)].map((m) => m[1]);

// What renders before a shell has loaded the rest of the messages: the public screens, the root, the API client.
const publicSources = import.meta.glob<string>(
  [
    '../features/auth/*.tsx',
    '../features/errors/*.tsx',
    '../app/{App,RootLayout,RouteGuard,router}.tsx',
    '../components/{ConfirmPrompt,LanguageSwitch,LogoutFrame,PageLoading}.tsx',
    '../api/{client,auth}.ts',
    '../lib/session.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

// Every source file (not the tests, not the catalogues), to follow the imports of the screens that use the core only.
const allSources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./en.ts', '!./zh-CN.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The files a start file reaches through its imports, static and dynamic (its lazy dialogs and drawers too). */
function reachable(starts: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !(file in allSources)) return;
    seen.add(file);
    for (const m of allSources[file].matchAll(/(?:^import\s(?!type\s)[^'"]*?from\s+|import\(\s*)'(\.[^']+)'/gm)) {
      const base = new URL(m[1], `http://x/${file.replace(/^\.\.\//, 'src/')}`).pathname.replace(/^\/src\//, '../');
      const found = [base, `${base}.tsx`, `${base}.ts`].find((f) => f in allSources);
      // the route table lists every page: the screens' own imports are what counts
      if (found && !found.endsWith('app/routes.ts') && !found.endsWith('app/router.tsx')) visit(found);
    }
  };
  starts.forEach(visit);
  return [...seen];
}

describe('message parts', () => {
  it('split each catalogue into three parts that hold every key once', () => {
    for (const [source, catalogue] of [
      [enSource, en],
      [zhSource, zhCN],
    ] as const) {
      const pub = keysOf(cataloguePart(source, 'public'));
      const core = keysOf(cataloguePart(source, 'core'));
      const rest = keysOf(cataloguePart(source, 'rest'));
      expect([...pub, ...core, ...rest].sort()).toEqual(Object.keys(catalogue).sort());
      expect(pub.every(isPublicKey)).toBe(true);
      expect(core.every((k) => isCoreKey(k) && !isPublicKey(k))).toBe(true);
      expect(rest.some((k) => isPublicKey(k) || isCoreKey(k))).toBe(false);
      expect(pub).toContain('login.title');
      expect(core).toContain('portal.search');
    }
  });

  it('give the public screens every key they use, and every route its title', () => {
    const used = Object.entries(publicSources).flatMap(([file, text]) =>
      [...text.matchAll(/\bt\('([a-zA-Z0-9_]+\.[^']+)'/g)].map((m) => [file, m[1]] as const),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter(([, key]) => !isPublicKey(key))).toEqual([]);
    expect(routes.map((r) => r.titleKey).filter((k) => !isPublicKey(k))).toEqual([]);
  });

  it('give the shells and the pages marked coreMessages every key they use', () => {
    // the pages of the routes marked coreMessages in routes.ts
    expect(routes.filter((r) => r.coreMessages).map((r) => r.path)).toEqual(['/gateway', '/sysuser']);
    const starts = ['../app/PortalShell.tsx', '../app/AdminShell.tsx', '../features/portal/GatewayPage.tsx', '../features/sys/SysUserPage.tsx'];
    const files = reachable(starts);
    expect(files.length).toBeGreaterThan(50);
    const catalogue = new Set(Object.keys(en).map((k) => k.split('.')[0]));
    // a key's first part in any string of those files: t('portal.x'), t(`portal.msg.${kind}`), titleKey: 'list.y'
    const used = files.flatMap((file) =>
      [...allSources[file].matchAll(/['"`]([a-zA-Z][a-zA-Z0-9_]*)\.[a-zA-Z0-9_${}.-]+['"`]/g)]
        .filter((m) => catalogue.has(m[1]))
        .map((m) => [file, `${m[1]}.`] as const),
    );
    expect(used.filter(([, prefix]) => !isPublicKey(prefix) && !isCoreKey(prefix))).toEqual([]);
  });
});
