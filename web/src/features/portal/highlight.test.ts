import { describe, expect, it } from 'vitest';
import { splitHighlights } from './highlight';

const marked = (text: string, ranges: number[][]) =>
  splitHighlights(text, ranges)
    .map((s) => (s.mark ? `[${s.text}]` : s.text))
    .join('');

describe('splitHighlights', () => {
  it('cuts the text into plain and marked segments in order', () => {
    expect(splitHighlights('华信服务股份有限公司', [[2, 4]])).toEqual([
      { text: '华信', mark: false },
      { text: '服务', mark: true },
      { text: '股份有限公司', mark: false },
    ]);
    expect(marked('abc abc', [[0, 1], [4, 5]])).toBe('[a]bc [a]bc');
  });

  it('without ranges the text is one plain segment; no text gives no segments', () => {
    expect(splitHighlights('text')).toEqual([{ text: 'text', mark: false }]);
    expect(splitHighlights('text', [])).toEqual([{ text: 'text', mark: false }]);
    expect(splitHighlights('', [[0, 3]])).toEqual([]);
  });

  it('a range covering the whole text is one marked segment', () => {
    expect(splitHighlights('招标', [[0, 2]])).toEqual([{ text: '招标', mark: true }]);
  });

  it('sorts, merges overlapping and touching ranges', () => {
    expect(marked('0123456789', [[6, 8], [1, 3], [2, 4], [4, 5]])).toBe('0[1234]5[67]89');
  });

  it('clamps ranges to the text and drops empty, reversed and malformed ones', () => {
    expect(marked('hello', [[-5, 2], [4, 99]])).toBe('[he]ll[o]');
    expect(marked('hello', [[3, 3], [4, 2], [1.5, 3], [NaN, 2], [1]])).toBe('hello');
    expect(marked('hello', [[10, 12]])).toBe('hello');
  });

  it('counts UTF-16 code units like String.slice and never splits a surrogate pair', () => {
    const text = 'a😀b𠀀c'; // 😀 and 𠀀 are two code units each
    expect(marked(text, [[1, 3]])).toBe('a[😀]b𠀀c');
    // a range starting or ending inside a pair takes the whole character
    expect(marked(text, [[2, 3]])).toBe('a[😀]b𠀀c');
    expect(marked(text, [[4, 5]])).toBe('a😀b[𠀀]c');
    expect(marked(text, [[3, 5]])).toBe('a😀[b𠀀]c');
  });

  it('keeps every character exactly once', () => {
    const text = '上海市第一人民医院物业服务项目';
    const segs = splitHighlights(text, [[0, 2], [5, 9], [1, 6], [12, 40]]);
    expect(segs.map((s) => s.text).join('')).toBe(text);
    // neighbours never share the same kind (merged)
    segs.slice(1).forEach((s, i) => expect(s.mark).not.toBe(segs[i].mark));
  });
});
