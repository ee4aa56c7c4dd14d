/** Where 'Help centre' in the header menu leads (opens in a new tab). */
export const HELP_URL = 'https://help.example.com';

/** Base of API calls; empty = same origin (the Go binary serves both; Vite proxies /api in development). */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** Toast timings of spec section 9 (seconds for antd message, ms for redirects). */
export const LOGOUT_TOAST_SECONDS = 1;
export const LOGOUT_REDIRECT_MS = 800;
