import { useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
import type { MessageKey } from './en';

export type { MessageKey };
export type Lang = 'zh-CN' | 'en';
export const LANGS: readonly Lang[] = ['zh-CN', 'en'];
export const LANG_STORAGE_KEY = 'lang';

/** One language's public messages with antd's locale and a switch of dayjs' locale, a chunk of its own. */
export interface LangPack {
  messages: Record<string, string>;
  antd: Locale;
  activate: () => void;
}

// Each language is loaded when first used, so a page downloads the messages of its language only.
const loaders: Record<Lang, () => Promise<{ default: LangPack }>> = {
  'zh-CN': () => import('./pack-zh-CN'),
  en: () => import('./pack-en'),
};
// The rest of each catalogue (every key but the public screens'), loaded with the portal or admin shell.
const restLoaders: Record<Lang, () => Promise<{ default: Record<string, string> }>> = {
  'zh-CN': () => import('virtual:messages/zh-CN/rest'),
  en: () => import('virtual:messages/en/rest'),
};
const packs: Partial<Record<Lang, LangPack>> = {};
const loading: Partial<Record<Lang, Promise<LangPack>>> = {};
/** the messages known so far, per language: the pack's, then the rest's too */
const catalogues: Partial<Record<Lang, Record<string, string>>> = {};
const rests: Partial<Record<Lang, Promise<void>>> = {};
const restDone = new Set<Lang>();
/** once a shell was wanted, every language loads whole */
let full = false;

function once<T>(cache: Partial<Record<Lang, Promise<T>>>, lang: Lang, load: () => Promise<T>): Promise<T> {
  cache[lang] ??= load().catch((e: unknown) => {
    delete cache[lang];
    throw e;
  });
  return cache[lang];
}

function loadPack(lang: Lang): Promise<LangPack> {
  const done = packs[lang];
  if (done) return Promise.resolve(done);
  return once(loading, lang, () =>
    loaders[lang]().then((m) => {
      catalogues[lang] = { ...m.default.messages, ...catalogues[lang] };
      return (packs[lang] = m.default);
    }),
  );
}

function loadRest(lang: Lang): Promise<void> {
  if (restDone.has(lang)) return Promise.resolve();
  return once(rests, lang, () =>
    restLoaders[lang]().then((m) => {
      catalogues[lang] = { ...catalogues[lang], ...m.default };
      restDone.add(lang);
    }),
  );
}

const ready = (lang: Lang) => packs[lang] !== undefined && (!full || restDone.has(lang));

/** Loads a language (once): its pack, and the rest of its messages once a shell was wanted. main.tsx waits on it. */
export async function loadLang(lang: Lang): Promise<LangPack> {
  const [pack] = await Promise.all([loadPack(lang), full ? loadRest(lang) : undefined]);
  return pack;
}

/** Every message of the active language (and of any language switched to later): the shells wait on this. */
export async function loadFullLang(): Promise<void> {
  full = true;
  await loadLang(current);
}

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

/** Loads and activates the stored language: main.tsx renders once it is done. */
export async function initLang(): Promise<void> {
  (await loadLang(current)).activate();
}

/** antd's locale of the active language (its pack is loaded before anything renders in it). */
export function antdLocale(): Locale | undefined {
  return packs[current]?.antd;
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
  const pack = packs[lang];
  // A later choice made while this language was loading wins.
  if (!pack || !ready(lang)) return loadLang(lang).then(() => (wanted === lang ? setLang(lang) : undefined));
  pack.activate();
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

/** Translate a key; `{name}` placeholders are filled from vars. Usable outside React (the API client). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = catalogues[current]?.[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

/** React binding: re-renders the caller when the language changes. */
export function useI18n() {
  const lang = useSyncExternalStore(subscribe, getLang);
  return { lang, setLang, t };
}

