/**
 * Highlighted matches of a search hit: the server gives UTF-16 code-unit ranges into the title and the summary; the
 * browser cuts the text into plain and marked segments and renders <mark> elements (never HTML from the server).
 */
export interface Segment {
  text: string;
  mark: boolean;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Cut text into segments by the ranges [start, end): ranges out of order, overlapping, touching, reversed, empty,
 * outside the text or not integers are tolerated (sorted, merged, clamped, dropped). A range never splits a
 * surrogate pair (an emoji or a rare CJK character stays whole).
 */
export function splitHighlights(text: string, ranges?: readonly (readonly number[])[] | null): Segment[] {
  if (!text) return [];
  const n = text.length;
  const clean: [number, number][] = [];
  for (const r of ranges ?? []) {
    if (!Array.isArray(r) || r.length < 2) continue;
    let [s, e] = r as [number, number];
    if (!Number.isInteger(s) || !Number.isInteger(e)) continue;
    s = Math.max(0, Math.min(n, s));
    e = Math.max(0, Math.min(n, e));
    if (s >= e) continue;
    if (s > 0 && isLow(text.charCodeAt(s)) && isHigh(text.charCodeAt(s - 1))) s--;
    if (e < n && isHigh(text.charCodeAt(e - 1)) && isLow(text.charCodeAt(e))) e++;
    clean.push([s, e]);
  }
  clean.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const r of clean) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  const out: Segment[] = [];
  let at = 0;
  for (const [s, e] of merged) {
    if (s > at) out.push({ text: text.slice(at, s), mark: false });
    out.push({ text: text.slice(s, e), mark: true });
    at = e;
  }
  if (at < n) out.push({ text: text.slice(at), mark: false });
  return out;
}
