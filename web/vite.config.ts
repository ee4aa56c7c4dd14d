/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cataloguePart, type CataloguePart } from './src/i18n/publicKeys.ts';

// `npm run dev` proxies to a running `biddesk serve`; BIDDESK_BACKEND names another one.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const backend = env.BIDDESK_BACKEND || 'http://127.0.0.1:8080';

/** virtual:messages/<lang>/<public|core|rest>: a part of src/i18n/<lang>.ts (see src/i18n/publicKeys.ts). */
function messageParts(): Plugin {
  return {
    name: 'biddesk-message-parts',
    enforce: 'pre',
    async resolveId(id, importer) {
      const m = /^virtual:messages\/(en|zh-CN)\/(public|core|rest)$/.exec(id);
      if (!m) return undefined;
      const file = await this.resolve(`./${m[1]}.ts`, importer);
      return file && `${file.id}?messages=${m[2]}`;
    },
    transform(code, id) {
      const m = /\?messages=(public|core|rest)$/.exec(id);
      return m ? { code: cataloguePart(code, m[1] as CataloguePart), map: null } : undefined;
    },
  };
}

/**
 * The patches of antd's files below depend on antd's exact code: antd is pinned in package.json (no range), each patch
 * stops the build when its file no longer holds the code it replaces, and `antdPatchesApplied` stops it when a patched
 * file was never seen (renamed or moved in a new antd), so a patch cannot silently stop applying.
 */
const applied = new Set<string>();
const EXPECTED_PATCHES = [
  'radio/group.js',
  'table/hooks/useFilter/FilterDropdown.js',
  'table/hooks/useFilter/index.js',
  'table/hooks/useSelection.js',
  'menu/index.js',
  'menu/MenuItem.js',
];

function antdPatchesApplied(): Plugin {
  return {
    name: 'biddesk-antd-patches-applied',
    apply: 'build',
    buildStart() {
      applied.clear();
    },
    buildEnd(error) {
      if (error) return;
      const missing = EXPECTED_PATCHES.filter((f) => !applied.has(f));
      if (missing.length > 0) {
        this.error(`antd patches not applied (antd's files moved or renamed?): ${missing.join(', ')}; review the biddesk-antd-* plugins in vite.config.ts`);
      }
    },
  };
}

/**
 * antd's Radio.Group (in every Table, whose filters use it) imports one line of code, `toNamePathStr`, from the module
 * that holds Form's `useForm`. A chunk holds whole modules, so every table page downloaded Form's store and
 * scroll-into-view (6.9 kB gzipped) for it. The function is copied here (with antd's `toArray` from form/util);
 * the build stops if antd's file changes.
 */
function radioWithoutForm(): Plugin {
  const from = "import { toNamePathStr } from '../form/hooks/useForm';";
  const to =
    'const toNamePathStr = (name) => (name === undefined || name === false ? [] : Array.isArray(name) ? name : [name]).join(\'_\');';
  return {
    name: 'biddesk-antd-radio-without-form',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/.test(id)) return undefined;
      if (!code.includes(from)) this.error('antd/es/radio/group.js changed: review biddesk-antd-radio-without-form');
      applied.add('radio/group.js');
      return { code: code.replace(from, to), map: null };
    },
  };
}

/**
 * antd's Table imports its column filters' dropdown, which imports antd's `Tree` for `filterMode: 'tree'` (no page
 * of ours sets it, nor any column filter): `Tree` is 13.9 kB gzipped on every table page. The dropdown gets a
 * `React.lazy` Tree instead, fetched when a tree filter first renders; the build stops if antd's file changes.
 */
function lazyTableFilterTree(): Plugin {
  const from = "import Tree from '../../../tree';";
  const to = [
    "const LazyTree = /*#__PURE__*/React.lazy(() => import('../../../tree'));",
    'const Tree = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTree, props));',
  ].join('\n');
  return {
    name: 'biddesk-antd-table-filter-lazy-tree',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/.test(id)) return undefined;
      if (!code.includes(from) || !code.includes("import * as React from 'react';")) {
        this.error('antd/es/table/hooks/useFilter/FilterDropdown.js changed: review biddesk-antd-table-filter-lazy-tree');
      }
      applied.add('table/hooks/useFilter/FilterDropdown.js');
      return { code: code.replace(from, to), map: null };
    },
  };
}

/**
 * antd's Table imports its column filters' dropdown (antd's `Dropdown`, `Menu` and the rc-menu under it, `Empty`, the
 * filter search box) and, for `rowSelection.selections`, `Dropdown` again: 20 kB gzipped on every table page. No
 * table of ours has a column filter or custom selections, and the admin shell's navigation is no antd `Menu` (app/SideNav.tsx),
 * so both become `React.lazy`, fetched when a table first draws one (its title or icon shows meanwhile); `flattenKeys`,
 * which the table's filter state needs at once, is copied in. The build stops if antd's files change.
 */
function lazyTableDropdowns(): Plugin {
  const files: { test: RegExp; name: string; from: string; to: string }[] = [
    {
      test: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
      name: 'antd/es/table/hooks/useFilter/index.js',
      from: "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
      to: [
        "const LazyFilterDropdown = /*#__PURE__*/React.lazy(() => import('./FilterDropdown'));",
        'const FilterDropdown = (props) => React.createElement(React.Suspense, { fallback: props.children }, React.createElement(LazyFilterDropdown, props));',
        'function flattenKeys(filters) {',
        '  let keys = [];',
        '  (filters || []).forEach(({ value, children }) => { keys.push(value); if (children) keys = [...keys, ...flattenKeys(children)]; });',
        '  return keys;',
        '}',
      ].join('\n'),
    },
    {
      test: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
      name: 'antd/es/table/hooks/useSelection.js',
      from: "import Dropdown from '../../dropdown';",
      to: [
        "const LazyDropdown = /*#__PURE__*/React.lazy(() => import('../../dropdown'));",
        'const Dropdown = (props) => React.createElement(React.Suspense, { fallback: props.children }, React.createElement(LazyDropdown, props));',
      ].join('\n'),
    },
  ];
  return {
    name: 'biddesk-antd-table-lazy-dropdowns',
    enforce: 'pre',
    transform(code, id) {
      const file = files.find((f) => f.test.test(id));
      if (!file) return undefined;
      if (!code.includes(file.from) || !code.includes("import * as React from 'react';")) {
        this.error(`${file.name} changed: review biddesk-antd-table-lazy-dropdowns`);
      }
      applied.add(file.name.replace('antd/es/', ''));
      return { code: code.replace(file.from, file.to), map: null };
    },
  };
}

/**
 * antd's Menu and its items read antd's `Layout.Sider` context (collapsed or not), so every page with a `Menu` (the
 * portal's top navigation, `Dropdown`'s menus) downloaded the Sider, its styles and its trigger icon (2.8 kB gzipped).
 * No page of ours has antd's Sider (the admin shell's side column is app/SideNav.tsx), so the context is an empty one
 * of their own: a Menu inside an antd Sider would no longer follow its collapsing. The build stops if antd's files change.
 */
function menuWithoutSider(): Plugin {
  const from = "import { SiderContext } from '../layout/Sider';";
  const to = 'const SiderContext = /*#__PURE__*/React.createContext({});';
  return {
    name: 'biddesk-antd-menu-without-sider',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]antd[\\/]es[\\/]menu[\\/](index|MenuItem)\.js$/.test(id)) return undefined;
      if (!code.includes(from) || !code.includes("import * as React from 'react';")) {
        this.error(`antd/es/menu/${id.replace(/.*[\\/]/, '')} changed: review biddesk-antd-menu-without-sider`);
      }
      applied.add(`menu/${id.replace(/.*[\\/]/, '')}`);
      return { code: code.replace(from, to), map: null };
    },
  };
}

/**
 * The SVG definitions of icons the app's own files import alone, without antd's icon component: the sign-in screens
 * draw them (features/auth/plain.tsx). Noted as the build reads the files, for the `signin-icons` chunk below.
 */
const svgAlone = new Set<string>();
function svgImportsSeen(): Plugin {
  return {
    name: 'biddesk-svg-imports-seen',
    transform(code, id) {
      if (!/[\\/]web[\\/]src[\\/]/.test(id)) return undefined;
      for (const m of code.matchAll(/@ant-design\/icons-svg\/es\/asn\/(\w+)/g)) svgAlone.add(m[1]);
      return undefined;
    },
  };
}
const isSignInSvg = (id: string) => {
  const m = /[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](\w+)\.js$/.exec(id);
  return !!m && svgAlone.has(m[1]);
};

/**
 * What the first page of both shells (the portal home and an admin list) loads besides antd-core: small modules that
 * would otherwise be some thirty chunks of their own (0.1-6 kB each), every one a request of a full load (issue 28:
 * on HTTP/1.1 the browser asks six at a time). One chunk instead; the sign-in screen loads none of it. `npm run size --
 * --chunks` lists each page's chunks: a module here that both pages do not load costs the other page its bytes.
 */
const SHELLS_SHARE = new RegExp(
  String.raw`[\/]node_modules[\/](` +
    [
      String.raw`antd[\/]es[\/](button|space|tag|tooltip|layout)[\/]`,
      String.raw`antd[\/]es[\/]grid[\/]index\.js`,
      String.raw`antd[\/]es[\/]input[\/](Input|utils|hooks[\/]useRemovePasswordTimeout|style[\/](token|variants|index))\.js`,
      String.raw`antd[\/]es[\/]_util[\/](ContextIsolator|fallbackProp|statusUtils|motion|zindexContext|placements|gapSize|capitalize|wave[\/]\w+|hooks[\/](useZIndex|useClosable|useAllowClear|useOrientation))\.js`,
      String.raw`antd[\/]es[\/]form[\/](context|hooks[\/]useVariants)\.js`,
      String.raw`antd[\/]es[\/]color-picker[\/](color|util|components[\/]ColorPresets)\.js`,
      String.raw`@rc-component[\/](tooltip|overflow)[\/]`,
      String.raw`@rc-component[\/]input[\/]es[\/](Input|index|BaseInput|utils[\/]commonUtils|hooks[\/](useCount|useCountDisplay|useCountExceed|useMergedValue))\.js`,
      String.raw`@rc-component[\/]util[\/]es[\/](omit|KeyCode|mergeProps|Dom[\/]focus|React[\/]render|hooks[\/]useDelayState)\.js`,
      String.raw`@rc-component[\/]form[\/]es[\/]FormContext\.js`,
      String.raw`@rc-component[\/]color-picker[\/]es[\/]color\.js`,
      String.raw`@rc-component[\/]pagination[\/]es[\/]locale[\/]zh_CN\.js`,
      String.raw`@tanstack[\/]react-query[\/]build[\/]modern[\/](QueryClientProvider|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|useMutation)\.js`,
      String.raw`@tanstack[\/]query-core[\/]build[\/]modern[\/](subscribable|focusManager|timeoutManager|utils|environmentManager|infiniteQueryBehavior|notifyManager|removable|onlineManager|retryer|query|queryObserver|mutation|mutationCache|queryCache|queryClient|mutationObserver)\.js`,
      String.raw`@ant-design[\/]icons(-svg)?[\/]es[\/](icons|asn)[\/](CheckOutlined|CloseCircleFilled|CloseOutlined|DownOutlined|LeftOutlined|DownloadOutlined|EllipsisOutlined|GlobalOutlined|LoadingOutlined|PlusOutlined|ReloadOutlined|RightOutlined|SearchOutlined|UserOutlined|BarsOutlined)\.js`,
      String.raw`@babel[\/]runtime[\/]helpers[\/]esm[\/]extends\.js`,
      String.raw`throttle-debounce[\/]`,
      String.raw`dayjs[\/]dayjs\.min\.js`,
    ].join('|') +
    ')',
);

export default defineConfig({
  plugins: [react(), svgImportsSeen(), messageParts(), radioWithoutForm(), lazyTableFilterTree(), lazyTableDropdowns(), menuWithoutSider(), antdPatchesApplied()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // One chunk per route page (React.lazy); vendor code shared by the pages goes into common chunks.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // antd's @rc-component packages declare no "sideEffects" although their modules have none: without this, a
        // page importing one export of a package (antd's Input needs rc-form's FormProvider) gets all of it.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        // Vendor code every page runs, in chunks of their own that stay cached across pages and releases of the app.
        codeSplitting: {
          groups: [
            // the SVG definitions the sign-in screens draw without antd (features/auth/plain.tsx): one chunk, first, so
            // that no chunk of antd's the sign-in screen would then need holds them
            { name: 'signin-icons', test: isSignInSvg, priority: 1 },
            // with Vite's preload helper, which every page's entry uses (alone it was one more request)
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper/ },
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // the session and its colour theme (lib/themeMode.ts, which the sign-in screen and antd's provider use too)
            { name: 'session', test: /[\\/]src[\\/]lib[\\/](session|themeMode)\.ts$/ },
            {
              name: 'antd-core',
              // with the small pieces both shells need anyway (icons' base, breakpoints, preset colours, pickAttrs),
              // which otherwise fall into a few small chunks of their own, each one more request
              test: /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|stylis|@emotion|antd[\\/]es[\\/](theme|config-provider|style)[\\/]|@ant-design[\\/]icons[\\/]es[\\/](components[\\/](AntdIconLight|IconBase)|cssUtils|renderUtils)|antd[\\/]es[\\/](_util[\\/](colors|responsiveObserver)|grid[\\/]hooks[\\/]useBreakpoint)\.|@rc-component[\\/]util[\\/]es[\\/]pickAttrs)/,
            },
            // antd's and the query client's small modules that both shells' first pages load (SHELLS_SHARE above)
            { name: 'antd-shared', test: SHELLS_SHARE },
            {
              // the app's own small modules both shells' first pages use; what they import is loaded before them anyway
              // (the API client, messages, session), so that stays where it is
              name: 'shell-src',
              test: /[\\/]web[\\/]src[\\/](lib[\\/](format|linkUrl|siteConfig|useLazyModule|useReducedMotion)\.ts|api[\\/](hooks[\\/](keys|useWrite)|admin|sysconfig|queries)\.ts|components[\\/](Text|LanguageSwitch|icons)\.tsx|app[\\/]theme\.ts)$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
    },
  },
  test: {
    // worker threads, not forked processes: less to start for each worker
    pool: 'threads',
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    projects: [
      {
        // Plain logic (*.test.ts) runs in node, all files in one module graph per worker (no isolation): each file
        // no longer imports and sets up the app's modules and both languages' messages again.
        extends: true,
        test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
      },
      {
        // What renders (*.test.tsx, each saying `// @vitest-environment jsdom`) keeps a fresh module graph per file.
        extends: true,
        test: { name: 'jsdom', environment: 'jsdom', include: ['src/**/*.test.tsx'] },
      },
    ],
  },
});
