/**
 * A banner's publish window (docs/portal.md: `publishFrom`, `publishTo`, dates, either end open; the home page shows
 * enabled banners inside their window). Pure, tested.
 */
import dayjs from 'dayjs';

export type WindowState = 'scheduled' | 'live' | 'ended';

export interface Windowed {
  publishFrom?: string | null;
  publishTo?: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day (YYYY-MM-DD) of a date or an instant, in the browser's time zone; '' for none or nonsense. */
export function dayOf(value: string | null | undefined): string {
  if (!value) return '';
  if (DAY.test(value)) return value;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : '';
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export const today = (now: Date = new Date()) => dayjs(now).format('YYYY-MM-DD');

/**
 * Where today is against the window: before its first day 'scheduled', after its last day 'ended', else 'live'
 * (both ends count as inside; an open end never closes the window).
 */
export function windowState(b: Windowed, day: string = today()): WindowState {
  const from = dayOf(b.publishFrom);
  const to = dayOf(b.publishTo);
  if (from && day < from) return 'scheduled';
  if (to && day > to) return 'ended';
  return 'live';
}

/** A window as text: 'from ~ to', an open end as open ('' when both are open). */
export function windowText(b: Windowed, open: string): string {
  const from = dayOf(b.publishFrom);
  const to = dayOf(b.publishTo);
  if (!from && !to) return '';
  return `${from || open} ~ ${to || open}`;
}

/** Whether a window's ends are in order (an open end is always fine; one day is a window). */
export const windowOrdered = (from?: string | null, to?: string | null) => {
  const a = dayOf(from);
  const b = dayOf(to);
  return !a || !b || a <= b;
};
