import { useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
import type { MessageKey } from './en';

export type { MessageKey };
export type Lang = 'zh-CN' | 'en';
export const LANGS: readonly Lang[] = ['zh-CN', 'en'];
export const LANG_STORAGE_KEY = 'lang';

/** One language's messages with antd's locale and a switch of dayjs' locale, a chunk of its own. */
export interface LangPack {
  messages: Record<MessageKey, string>;
  antd: Locale;
  activate: () => void;
}

// Each language is loaded when first used, so a page downloads the messages of its language only.
const loaders: Record<Lang, () => Promise<{ default: LangPack }>> = {
  'zh-CN': () => import('./pack-zh-CN'),
  en: () => import('./pack-en'),
};
const packs: Partial<Record<Lang, LangPack>> = {};
const loading: Partial<Record<Lang, Promise<LangPack>>> = {};

/** Loads a language's pack (once); the first render waits on the active one (main.tsx). */
export function loadLang(lang: Lang): Promise<LangPack> {
  const done = packs[lang];
  if (done) return Promise.resolve(done);
  loading[lang] ??= loaders[lang]().then(
    (m) => (packs[lang] = m.default),
    (e: unknown) => {
      delete loading[lang];
      throw e;
    },
  );
  return loading[lang];
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
  const pack = packs[lang];
  // A later choice made while this pack was loading wins.
  if (!pack) return loadLang(lang).then(() => (wanted === lang ? setLang(lang) : undefined));
  pack.activate();
  if (lang === current) return Promise.resolve();
  current = lang;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* storage unavailable: keep the choice for this page only */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  listeners.forEach((l) => l());
  return Promise.resolve();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasMessage(key: string): key is MessageKey {
  const messages = packs[current]?.messages;
  return messages !== undefined && key in messages;
}

/** Translate a key; `{name}` placeholders are filled from vars. Usable outside React (the API client). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = packs[current]?.messages[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

/** React binding: re-renders the caller when the language changes. */
export function useI18n() {
  const lang = useSyncExternalStore(subscribe, getLang);
  return { lang, setLang, t };
}

