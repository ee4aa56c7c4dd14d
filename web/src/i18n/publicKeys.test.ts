import { describe, expect, it } from 'vitest';
import { routes } from '../app/routes';
import en from './en';
import zhCN from './zh-CN';
import enSource from './en.ts?raw';
import zhSource from './zh-CN.ts?raw';
import { cataloguePart, isPublicKey } from './publicKeys';

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

describe('message parts', () => {
  it('split each catalogue into two parts that hold every key once', () => {
    for (const [source, catalogue] of [
      [enSource, en],
      [zhSource, zhCN],
    ] as const) {
      const pub = keysOf(cataloguePart(source, 'public'));
      const rest = keysOf(cataloguePart(source, 'rest'));
      expect([...pub, ...rest].sort()).toEqual(Object.keys(catalogue).sort());
      expect(pub.every(isPublicKey)).toBe(true);
      expect(rest.some(isPublicKey)).toBe(false);
      expect(pub).toContain('login.title');
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
});
