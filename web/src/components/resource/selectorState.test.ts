import { describe, expect, it } from 'vitest';
import {
  back, choose, closeSet, confirmProblem, drillIn, initialState, isChosen, MAX_SOURCES, next, outputs, resetSearch, search,
  SELECTOR_PAGE_SIZE, showsConfirm, showsNext, switchTab, tabsOf, toPage, type Card, type SelectorState,
} from './selectorState';

const course = (id: number, cover = `/img/${id}.png`): Card => ({ id, name: `课程${id}`, cover, type: 1 });
const firstLevel: Card = { id: 50, name: '一级专题', cover: '/img/50.png', type: 2 };
const secondLevel: Card = { id: 60, name: '二级专题', cover: '/img/60.png', type: 1 };

const ok = (r: { state?: SelectorState; warning?: string }): SelectorState => {
  if (!r.state) throw new Error(`refused: ${r.warning}`);
  return r.state;
};

describe('resource selector tabs', () => {
  it('shows topic and other only with the extra flag', () => {
    expect(tabsOf({})).toEqual(['course']);
    expect(tabsOf({ extra: true })).toEqual(['course', 'topic', 'other']);
  });

  it('switching tabs resets the selection, page index 1, page size 8 and the forms', () => {
    let s = ok(choose(initialState(), course(1), {}));
    s = toPage(search(s, 'x'), 3);
    s = { ...s, pageSize: 20, linkForm: { ...s.linkForm, title: 't' } };
    s = ok(next(s));
    const t = switchTab(s, 'topic');
    expect(t).toEqual({ ...initialState('topic') });
    expect(t.pageIndex).toBe(1);
    expect(t.pageSize).toBe(SELECTOR_PAGE_SIZE);
    expect(t.chosen).toEqual([]);
    expect(t.step).toBe('list');
    expect(t.setForm.orderDort).toBe('1');
    expect(t.linkForm).toEqual({ orderDort: '1', coverUrl: '', title: '', clickUrl: '' });
  });
});

describe("'next'", () => {
  it('shows only for single-select, non-click-check, non-other tabs', () => {
    const s = initialState();
    expect(showsNext(s, {})).toBe(true);
    expect(showsNext(s, { multiple: true })).toBe(false);
    expect(showsNext(s, { clickCheck: true })).toBe(false);
    expect(showsNext(switchTab(s, 'topic'), { extra: true })).toBe(true);
    expect(showsNext(switchTab(s, 'other'), { extra: true })).toBe(false);
    expect(showsConfirm(switchTab(s, 'other'), { extra: true })).toBe(true);
    expect(showsConfirm(s, {})).toBe(false);
  });

  it("warns '请选择内容' without a chosen item with a cover", () => {
    expect(next(initialState()).warning).toBe('resource.chooseContent');
    const noCover = ok(choose(initialState(), course(1, ''), {}));
    expect(next(noCover).warning).toBe('resource.chooseContent');
  });

  it('opens the set step filled from the item, replacing next with confirm; closing it reverses that', () => {
    const s = ok(next(ok(choose(initialState(), course(7), {}))));
    expect(s.step).toBe('set');
    expect(s.setForm).toEqual({ cover: '/img/7.png', name: '课程7', comText: '', orderDort: '1' });
    expect(showsNext(s, {})).toBe(false);
    expect(showsConfirm(s, {})).toBe(true);
    const c = closeSet(s);
    expect(showsNext(c, {})).toBe(true);
    expect(c.chosen).toEqual([course(7)]);
  });
});

describe('choosing', () => {
  it('single-select replaces the choice; multi-select toggles', () => {
    let s = ok(choose(initialState(), course(1), {}));
    s = ok(choose(s, course(2), {}));
    expect(s.chosen.map((c) => c.id)).toEqual([2]);
    let m = ok(choose(initialState(), course(1), { multiple: true }));
    m = ok(choose(m, course(2), { multiple: true }));
    expect(isChosen(m, course(1))).toBe(true);
    m = ok(choose(m, course(1), { multiple: true }));
    expect(m.chosen.map((c) => c.id)).toEqual([2]);
  });

  it("refuses the 31st source: '课程源超过30个!', counting the existing list of the push route", () => {
    let s = initialState();
    for (let i = 1; i <= MAX_SOURCES; i++) s = ok(choose(s, course(i), { multiple: true }));
    expect(s.chosen).toHaveLength(30);
    expect(choose(s, course(31), { multiple: true }).warning).toBe('resource.tooMany');
    // unticking stays possible at the limit
    expect(ok(choose(s, course(30), { multiple: true })).chosen).toHaveLength(29);

    let p = initialState();
    for (let i = 1; i <= 2; i++) p = ok(choose(p, course(i), { multiple: true, existing: 28 }));
    expect(choose(p, course(3), { multiple: true, existing: 28 }).warning).toBe('resource.tooMany');
  });
});

describe('the topic tab', () => {
  it('a double-click on a type-2 topic drills into its courses; back returns', () => {
    const t = ok(choose(toPage(switchTab(initialState(), 'topic'), 2), firstLevel, {}));
    expect(drillIn(t, secondLevel)).toBe(t); // a type-1 topic holds no courses to show
    const d = drillIn(t, firstLevel);
    expect(d.drill).toEqual(firstLevel);
    expect(d.pageIndex).toBe(1);
    expect(d.chosen).toEqual([]);
    expect(drillIn(d, firstLevel)).toBe(d); // already inside
    const b = back(toPage(d, 2));
    expect(b.drill).toBeNull();
    expect(b.pageIndex).toBe(1);
    expect(drillIn(initialState(), firstLevel).drill).toBeNull(); // only the topic tab drills
  });

  it('a search starts from page 1; reset empties it', () => {
    const s = search(toPage(switchTab(initialState(), 'topic'), 4), '入门', 2);
    expect(s).toMatchObject({ name: '入门', level: 2, pageIndex: 1 });
    expect(resetSearch(toPage(s, 2))).toMatchObject({ name: '', level: undefined, pageIndex: 1 });
  });
});

describe('outputs', () => {
  it("course: type '1' plus cover, name, orderDort", () => {
    const s = ok(choose(initialState(), course(3), {}));
    expect(outputs(s)).toEqual([{ type: '1', id: 3, cover: '/img/3.png', name: '课程3', orderDort: '1' }]);
    const set = ok(next(s));
    const edited = { ...set, setForm: { cover: '/img/new.png', name: ' 推荐 ', comText: '', orderDort: '5' } };
    expect(outputs(edited)).toEqual([{ type: '1', id: 3, cover: '/img/new.png', name: '推荐', orderDort: '5' }]);
  });

  it('topic: type 3 from 1 and 4 from 2; a course inside a first-level topic carries it', () => {
    const t = switchTab(initialState(), 'topic');
    let m = ok(choose(t, secondLevel, { multiple: true }));
    m = ok(choose(m, firstLevel, { multiple: true }));
    expect(outputs(m).map((o) => o.type)).toEqual(['3', '4']);
    const inside = ok(choose(drillIn(t, firstLevel), course(9), {}));
    expect(outputs(inside)).toEqual([{ type: '3', id: 9, specialId: 50, cover: '/img/9.png', name: '课程9', orderDort: '1' }]);
  });

  it("link: type '2', orderDort, clickUrl, coverUrl, content (the title)", () => {
    const s = { ...switchTab(initialState(), 'other'), linkForm: { orderDort: '', coverUrl: '/img/l.png', title: ' 外链 ', clickUrl: ' https://example.com ' } };
    expect(outputs(s)).toEqual([{ type: '2', orderDort: '1', clickUrl: 'https://example.com', coverUrl: '/img/l.png', content: '外链' }]);
  });

  it("confirm needs a cover in both set forms ('请上传封面') and a choice in a list ('请选择内容')", () => {
    expect(confirmProblem(switchTab(initialState(), 'other'))).toBe('resource.coverRequired');
    const set = ok(next(ok(choose(initialState(), course(1), {}))));
    expect(confirmProblem(set)).toBeNull();
    expect(confirmProblem({ ...set, setForm: { ...set.setForm, cover: '' } })).toBe('resource.coverRequired');
    expect(confirmProblem(initialState())).toBe('resource.chooseContent');
  });
});
