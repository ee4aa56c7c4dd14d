import { useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
import type { MessageKey } from './en';

export type { MessageKey };
export type Lang = 'zh-CN' | 'en';
export const LANGS: readonly Lang[] = ['zh-CN', 'en'];
export const LANG_STORAGE_KEY = 'lang';

/** antd's locale and a switch of dayjs' locale for one language: a chunk of its own, loaded with the first antd screen. */
export interface LocalePack {
  antd: Locale;
  activate: () => void;
}

type Messages = Record<string, string>;

// Each language is loaded when first used, so a page downloads the messages of its language only: first the public
// screens' messages (all the sign-in screen needs); the shells' and first pages' ones (the core: publicKeys.ts) with
// the portal or admin shell; the rest of the catalogue with any other page; antd's and dayjs' locale with the first
// screen built with antd (the sign-in screen has no antd).
const loaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('virtual:messages/zh-CN/public'),
  en: () => import('virtual:messages/en/public'),
};
const coreLoaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('virtual:messages/zh-CN/core'),
  en: () => import('virtual:messages/en/core'),
};
const restLoaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('virtual:messages/zh-CN/rest'),
  en: () => import('virtual:messages/en/rest'),
};
const localeLoaders: Record<Lang, () => Promise<{ default: LocalePack }>> = {
  'zh-CN': () => import('./locale-zh-CN'),
  en: () => import('./locale-en'),
};
/** the messages known so far, per language: the public ones, then the rest's too */
const catalogues: Partial<Record<Lang, Messages>> = {};
const publicDone = new Set<Lang>();
const coreDone = new Set<Lang>();
const restDone = new Set<Lang>();
const locales: Partial<Record<Lang, LocalePack>> = {};
const loading: Record<'public' | 'core' | 'rest' | 'locale', Partial<Record<Lang, Promise<void>>>> = {
  public: {},
  core: {},
  rest: {},
  locale: {},
};
/** the messages wanted so far (a shell wants the core, any other page all): every language then loads as much */
export type MessageLevel = 'public' | 'core' | 'all';
let level: MessageLevel = 'public';
/** once an antd screen was wanted, every language loads antd's and dayjs' locale too */
let withLocale = false;

/** Runs a language's load once at a time (a failed one may be retried); done tells whether it has succeeded before. */
function once(part: keyof typeof loading, lang: Lang, done: boolean, load: () => Promise<void>): Promise<void> {
  if (done) return Promise.resolve();
  const cache = loading[part];
  cache[lang] ??= load().catch((e: unknown) => {
    delete cache[lang];
    throw e;
  });
  return cache[lang];
}

// in place: copying the catalogue at each of its three parts cost a full load a few ms of the main thread (issue 28)
const addMessages = (lang: Lang, messages: Messages) => Object.assign((catalogues[lang] ??= {}), messages);

const loadPublic = (lang: Lang) =>
  once('public', lang, publicDone.has(lang), () =>
    loaders[lang]().then((m) => {
      addMessages(lang, m.default);
      publicDone.add(lang);
    }),
  );
const loadCore = (lang: Lang) =>
  once('core', lang, coreDone.has(lang), () =>
    coreLoaders[lang]().then((m) => {
      addMessages(lang, m.default);
      coreDone.add(lang);
    }),
  );
const loadRest = (lang: Lang) =>
  once('rest', lang, restDone.has(lang), () =>
    restLoaders[lang]().then((m) => {
      addMessages(lang, m.default);
      restDone.add(lang);
    }),
  );
const loadLocale = (lang: Lang) =>
  once('locale', lang, locales[lang] !== undefined, () =>
    localeLoaders[lang]().then((m) => {
      locales[lang] = m.default;
    }),
  );

const ready = (lang: Lang) =>
  publicDone.has(lang) &&
  (level === 'public' || coreDone.has(lang)) &&
  (level !== 'all' || restDone.has(lang)) &&
  (!withLocale || locales[lang] !== undefined);

/** Loads a language (once): its public messages, the core and the rest as far as wanted, antd's locale once antd was. */
export async function loadLang(lang: Lang): Promise<void> {
  await Promise.all([
    loadPublic(lang),
    level !== 'public' ? loadCore(lang) : undefined,
    level === 'all' ? loadRest(lang) : undefined,
    withLocale ? loadLocale(lang) : undefined,
  ]);
}

/** The messages of the active language (and of any switched to later) up to a level: shells and pages wait on this. */
export async function loadMessages(upTo: 'core' | 'all'): Promise<void> {
  if (upTo === 'all' || level === 'public') level = upTo;
  await loadLang(current);
}

/** Every message of the active language (and of any language switched to later). */
export const loadFullLang = () => loadMessages('all');

/** antd's and dayjs' locale of the active language (and of any switched to later): antd's provider waits on this. */
export async function loadAntdLocale(): Promise<void> {
  withLocale = true;
  await loadLang(current);
  locales[current]?.activate();
}

/** A lazy component's loader that also loads antd's locale (for antd pieces mounted outside the antd screens). */
export const withAntdLocale =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadAntdLocale()]).then(([m]) => m);

function readStoredLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return v === 'en' || v === 'zh-CN' ? v : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

let current: Lang = readStoredLang();
let wanted: Lang = current;
const listeners = new Set<() => void>();

export function getLang(): Lang {
  return current;
}

/** Loads the stored language's public messages: main.tsx renders once it is done. */
export async function initLang(): Promise<void> {
  await loadLang(current);
}

/** antd's locale of the active language (loaded before an antd screen renders in it: loadAntdLocale). */
export function antdLocale(): Locale | undefined {
  return locales[current]?.antd;
}

/** Switches the language once its pack is loaded: at once when it already is (then the returned promise is settled). */
export function setLang(lang: Lang): Promise<void> {
  wanted = lang;
  // The choice is kept at once: a page opened while its messages still load comes up in it.
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* storage unavailable: keep the choice for this page only */
  }
  // A later choice made while this language was loading wins.
  if (!ready(lang)) return loadLang(lang).then(() => (wanted === lang ? setLang(lang) : undefined));
  locales[lang]?.activate();
  if (lang === current) return Promise.resolve();
  current = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  listeners.forEach((l) => l());
  return Promise.resolve();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasMessage(key: string): key is MessageKey {
  const messages = catalogues[current];
  return messages !== undefined && key in messages;
}

const pluralRules = new Map<string, Intl.PluralRules>();
/** The language's plural category of n (Intl.PluralRules: 'one' or 'other' in English; always 'other' in Chinese). */
function pluralOf(lang: string, n: number) {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(n);
}

/**
 * Translate a key; `{name}` placeholders are filled from vars, and `{name|one|other}` is the word for the number in
 * vars[name] by the language's plural rules (English: `{n} {n|item|items}`; Chinese needs none). Usable outside React (the API client).
 */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = catalogues[current]?.[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (m, k: string, one?: string, other?: string) => {
    if (!(k in vars)) return m;
    if (one === undefined) return String(vars[k]);
    return pluralOf(current, Number(vars[k])) === 'one' ? one : (other ?? one);
  });
}

/** React binding: re-renders the caller when the language changes. */
export function useI18n() {
  const lang = useSyncExternalStore(subscribe, getLang);
  return { lang, setLang, t };
}

