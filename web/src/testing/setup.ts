// Loaded before every test file (vite.config.ts). Tests run in node unless a file that renders asks for jsdom
// (`// @vitest-environment jsdom`).
import { loadAntdLocale, loadFullLang, loadLang } from '../i18n';

/** Web Storage for node-environment tests of code that keeps state in localStorage/sessionStorage. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const g = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
g.localStorage ??= new MemoryStorage();
g.sessionStorage ??= new MemoryStorage();

// Both languages, whole, so that a test's setLang switches at once, as it does in the app once a language was used.
await loadFullLang();
await loadAntdLocale();
await Promise.all([loadLang('zh-CN'), loadLang('en')]);
