import { useSyncExternalStore } from 'react';
import en, { type MessageKey } from './en';
import zhCN from './zh-CN';

export type { MessageKey };
export type Lang = 'zh-CN' | 'en';
export const LANGS: readonly Lang[] = ['zh-CN', 'en'];
export const LANG_STORAGE_KEY = 'lang';

const catalogues: Record<Lang, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

function readStoredLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return v === 'en' || v === 'zh-CN' ? v : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

let current: Lang = readStoredLang();
const listeners = new Set<() => void>();

export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang): void {
  if (lang === current) return;
  current = lang;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* storage unavailable: keep the choice for this page only */
  }
  document.documentElement.lang = lang;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasMessage(key: string): key is MessageKey {
  return key in catalogues[current];
}

/** Translate a key; `{name}` placeholders are filled from vars. Usable outside React (the API client). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = catalogues[current][key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

/** React binding: re-renders the caller when the language changes. */
export function useI18n() {
  const lang = useSyncExternalStore(subscribe, getLang);
  return { lang, setLang, t };
}

export { en, zhCN };
