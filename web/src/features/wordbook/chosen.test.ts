import { describe, expect, it } from 'vitest';
import { addChosen, MAX_BOOK_EXPERTS, moveChosen, removeChosen } from './chosen';
import { fileSize } from './book';

const e = (...ids: number[]) => ids.map((id) => ({ id, name: `e${id}` }));
const ids = (l: { id: number }[]) => l.map((c) => c.id);

describe('the chosen experts', () => {
  it('adds new experts at the end, each once, in the order given', () => {
    const { list, dropped } = addChosen(e(3, 1), e(1, 5, 2, 5));
    expect(ids(list)).toEqual([3, 1, 5, 2]);
    expect(dropped).toBe(0);
  });

  it('stops at the server limit and says how many did not fit', () => {
    const full = e(...Array.from({ length: MAX_BOOK_EXPERTS - 1 }, (_, i) => i + 1));
    const { list, dropped } = addChosen(full, e(1000, 1001, 1002, 1));
    expect(list).toHaveLength(MAX_BOOK_EXPERTS);
    expect(list.at(-1)?.id).toBe(1000);
    expect(dropped).toBe(2);
  });

  it('removes by id', () => {
    expect(ids(removeChosen(e(1, 2, 3), 2))).toEqual([1, 3]);
    expect(ids(removeChosen(e(1, 2, 3), 9))).toEqual([1, 2, 3]);
  });

  it('moves up, down and by a drop; out-of-range moves change nothing', () => {
    const l = e(1, 2, 3, 4);
    expect(ids(moveChosen(l, 2, 1))).toEqual([1, 3, 2, 4]);
    expect(ids(moveChosen(l, 0, 1))).toEqual([2, 1, 3, 4]);
    expect(ids(moveChosen(l, 3, 0))).toEqual([4, 1, 2, 3]);
    expect(ids(moveChosen(l, 0, 3))).toEqual([2, 3, 4, 1]);
    expect(moveChosen(l, 0, -1)).toBe(l);
    expect(moveChosen(l, 3, 4)).toBe(l);
    expect(ids(l)).toEqual([1, 2, 3, 4]);
  });
});

describe('file sizes', () => {
  it('reads as bytes, KB or MB', () => {
    expect(fileSize(900)).toBe('900 B');
    expect(fileSize(12_800)).toBe('12.5 KB');
    expect(fileSize(3 * 1024 * 1024 + 200_000)).toBe('3.2 MB');
  });
});
