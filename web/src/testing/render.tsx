/**
 * Rendering React in the Vitest jsdom environment without extra libraries: mount, act, query the DOM, type into
 * inputs the way React notices. jsdom lacks what antd measures with (matchMedia, ResizeObserver): minimal stand-ins.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { newQueryClient } from '../api/queries';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export interface Rendered {
  container: HTMLElement;
  root: Root;
  unmount(): Promise<void>;
}

const mounted: Rendered[] = [];

export async function render(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  // each render has a cache of its own, as a fresh page has
  await act(async () => root.render(<QueryClientProvider client={newQueryClient()}>{ui}</QueryClientProvider>));
  const r: Rendered = {
    container,
    root,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
  mounted.push(r);
  return r;
}

/** Unmount everything rendered so far (call in afterEach). */
export async function cleanup() {
  while (mounted.length) await mounted.pop()!.unmount();
  document.body.innerHTML = '';
}

/** Let promises, timers of 0 ms and React updates run. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

/** The element with data-testid, or an error naming it. */
export function byTestId<T extends HTMLElement = HTMLElement>(id: string, scope: ParentNode = document): T {
  const el = scope.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no element with data-testid="${id}"`);
  return el;
}

/** Sets an input's value the way a user's typing does (React listens to the native setter plus an input event). */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(el: Element) {
  await act(async () => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}

/** Repeats a check until it passes or the time is up (antd validation and transitions are asynchronous). */
export async function waitFor(check: () => void, timeout = 2000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      check();
      return;
    } catch (e) {
      if (Date.now() > end) throw e;
      await settle(20);
    }
  }
}

/** The visible texts of antd form errors inside scope. */
export const formErrors = (scope: ParentNode = document) =>
  [...scope.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');
