import { describe, expect, it } from 'vitest';
import type { PickerEmployee, PickerUnit } from '../../api/org';
import {
  addEmployees,
  addUnits,
  buildTree,
  childLevel,
  chosenFrom,
  deleteChecked,
  emptyChosen,
  employeeLabel,
  hasChecked,
  isSelectable,
  joinUnitCodes,
  joinUnitNames,
  joinUserCodes,
  joinUserNames,
  MAX_PASTE_LINES,
  parseLines,
  parseNames,
  selectionOf,
  singlePick,
  splitNames,
  splitUnitCodes,
  splitUserCodes,
  toggleChosen,
  toggleKey,
  unitsOfKeys,
  unmatchedLines,
} from './pickerState';

let nextId = 1;
function unit(fullUnitCode: string, unitName: string, extra: Partial<PickerUnit> = {}): PickerUnit {
  return {
    id: nextId++,
    unitName,
    unitLabel: unitName,
    fullUnitCode,
    parentFullUnitCode: '',
    fullUnitName: unitName,
    level: '1',
    tlevel: 1,
    isClick: true,
    hasChildren: true,
    disabled: false,
    special: '',
    unitType: 1,
    inStatus: 1,
    ...extra,
  };
}
const emp = (code: string, name: string, extra: Partial<PickerEmployee> = {}): PickerEmployee => ({ code, name, ...extra });

const groupRoot = unit('10', '华信服务集团', { special: 'group_root', disabled: true, level: '1' });
const serviceCo = unit('1001', '华信服务股份有限公司', { special: 'second_root', disabled: true, level: '2', parentFullUnitCode: '10' });
const subs = unit('1002', '区域公司', { special: 'sub_companies', disabled: true, level: '2', parentFullUnitCode: '10' });
const bidCentre = unit('100104', '投标支持中心', { level: '3', parentFullUnitCode: '1001', isClick: false, hasChildren: false });
const beijing = unit('100201', '北京华信物业服务有限公司', { level: '3', parentFullUnitCode: '1002' });
const shanghai = unit('100202', '上海华信设施管理有限公司', { level: '3', parentFullUnitCode: '1002' });
const bjFinance = unit('100201006', '财务部', { level: '4', parentFullUnitCode: '100201', isClick: false, hasChildren: false });
const closed = unit('100203', '已停用公司', { level: '3', parentFullUnitCode: '1002', disabled: true });

describe('selectable units (spec sections 6 and 9)', () => {
  it('refuses the three special roots and disabled units, accepts the rest', () => {
    expect([groupRoot, serviceCo, subs, closed].map(isSelectable)).toEqual([false, false, false, false]);
    expect([bidCentre, beijing, bjFinance].map(isSelectable)).toEqual([true, true, true]);
    // a special root is never selectable even if the server forgot to disable it
    expect(isSelectable({ ...groupRoot, disabled: false })).toBe(false);
  });

  it('single-select: an enabled node is emitted alone, a greyed node gives nothing', () => {
    expect(singlePick(bidCentre)).toEqual({ organ: [bidCentre], employee: [] });
    expect(singlePick(groupRoot)).toBeUndefined();
    expect(singlePick(subs)).toBeUndefined();
    expect(singlePick(serviceCo)).toBeUndefined();
    expect(singlePick(closed)).toBeUndefined();
  });
});

describe('add, delete and clear (spec section 4)', () => {
  it('adds ticked units as a union, without repeats and without specials', () => {
    let c = addUnits(emptyChosen(), [beijing, groupRoot, shanghai]);
    expect(c.organ.map((u) => u.fullUnitCode)).toEqual(['100201', '100202']);
    c = addUnits(c, [shanghai, bjFinance, subs, { ...beijing, unitName: 'same code again' }]);
    expect(c.organ.map((u) => u.fullUnitCode)).toEqual(['100201', '100202', '100201006']);
    expect(c.organ[0].unitName).toBe('北京华信物业服务有限公司');
  });

  it('adds employees as a union by code', () => {
    let c = addEmployees(emptyChosen(), [emp('HX000001', '王伟'), emp('HX000002', '李芳')]);
    c = addEmployees(c, [emp('HX000002', '李芳'), emp('HX000003', '张娜')]);
    expect(c.employee.map((e) => e.code)).toEqual(['HX000001', 'HX000002', 'HX000003']);
  });

  it('toggles check flags and deletes the checked items of both groups', () => {
    let c = addEmployees(addUnits(emptyChosen(), [beijing, shanghai, bidCentre]), [emp('HX000001', '王伟'), emp('HX000002', '李芳')]);
    expect(hasChecked(c)).toBe(false);
    c = toggleChosen(c, 'organ', '100202');
    c = toggleChosen(c, 'employee', 'HX000001');
    c = toggleChosen(c, 'organ', '100201');
    c = toggleChosen(c, 'organ', '100201'); // clicked twice: unticked again
    expect(c.checked).toEqual({ organ: ['100202'], employee: ['HX000001'] });
    expect(hasChecked(c)).toBe(true);
    c = deleteChecked(c);
    expect(c.organ.map((u) => u.fullUnitCode)).toEqual(['100201', '100104']);
    expect(c.employee.map((e) => e.code)).toEqual(['HX000002']);
    expect(hasChecked(c)).toBe(false);
    expect(selectionOf(c)).toEqual({ organ: [beijing, bidCentre], employee: [emp('HX000002', '李芳')] });
  });

  it('deleting with nothing checked changes nothing; clear is the empty state', () => {
    const c = addUnits(emptyChosen(), [beijing]);
    expect(selectionOf(deleteChecked(c))).toEqual(selectionOf(c));
    expect(selectionOf(emptyChosen())).toEqual({ organ: [], employee: [] });
  });

  it('opens with a previous result, cleaned of repeats and specials', () => {
    const c = chosenFrom({ organ: [beijing, beijing, groupRoot], employee: [emp('HX000001', '王伟'), emp('HX000001', '王伟')] });
    expect(c.organ).toEqual([beijing]);
    expect(c.employee).toHaveLength(1);
    expect(chosenFrom(undefined)).toEqual(emptyChosen());
  });

  it('toggleKey adds a missing key and removes a present one', () => {
    expect(toggleKey([], 'a')).toEqual(['a']);
    expect(toggleKey(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('joined values (spec section 3)', () => {
  const units = [beijing, bjFinance];
  const people = [emp('HX000001', '王伟'), emp('HX000002', '李芳')];

  it("joins unit codes with '-', names and user codes with ','", () => {
    expect(joinUnitCodes(units)).toBe('100201-100201006');
    expect(joinUnitNames(units)).toBe('北京华信物业服务有限公司,财务部');
    expect(joinUserCodes(people)).toBe('HX000001,HX000002');
    expect(joinUserNames(people)).toBe('王伟,李芳');
    expect(joinUnitCodes([])).toBe('');
  });

  it('splits them back, ignoring blanks', () => {
    expect(splitUnitCodes('100201-100201006')).toEqual(['100201', '100201006']);
    expect(splitUserCodes('HX000001, HX000002,')).toEqual(['HX000001', 'HX000002']);
    expect(splitNames('王伟,李芳')).toEqual(['王伟', '李芳']);
    expect(splitUnitCodes(undefined)).toEqual([]);
    expect(splitUnitCodes('')).toEqual([]);
  });

  it('shows an employee as name(code)', () => {
    expect(employeeLabel(people[0])).toBe('王伟(HX000001)');
  });
});

describe('pasted lines (spec section 5)', () => {
  it('trims, drops blank lines and repeats, keeps the order', () => {
    expect(parseLines('  HX000003\r\n\nHX000001  \n\t\nHX000003\rHX000002\n')).toEqual({
      lines: ['HX000003', 'HX000001', 'HX000002'],
      tooMany: false,
    });
    expect(parseLines('   \n ')).toEqual({ lines: [], tooMany: false });
  });

  it('accepts 1000 lines and flags 1001', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `HX${String(i + 1).padStart(6, '0')}`).join('\n');
    expect(MAX_PASTE_LINES).toBe(1000);
    expect(parseLines(codes(1000)).tooMany).toBe(false);
    const over = parseLines(codes(1001));
    expect(over.tooMany).toBe(true);
    expect(over.lines).toHaveLength(1001);
  });

  it('splits names on commas, spaces and new lines', () => {
    expect(parseNames('王伟,李芳，张娜 刘洋\n陈静、王伟')).toEqual(['王伟', '李芳', '张娜', '刘洋', '陈静']);
    expect(parseNames(' , ')).toEqual([]);
  });
});

describe('lines that matched nobody', () => {
  const found = [emp('HX000001', '王伟'), emp('HX000003', '张娜')];

  it('compares codes case-insensitively', () => {
    expect(unmatchedLines(['hx000001', 'HX000002', 'HX000003', 'HX999999'], found, 'code')).toEqual(['HX000002', 'HX999999']);
  });

  it('compares names exactly', () => {
    expect(unmatchedLines(['王伟', '王', '张娜'], found, 'name')).toEqual(['王']);
  });

  it('compares accounts with the phones and e-mails of the answer', () => {
    const withContacts = [
      emp('HX000001', '王伟', { phone: '13900000001', email: 'hx000001@huaxin-demo.cn' } as Partial<PickerEmployee>),
    ];
    expect(unmatchedLines(['13900000001', 'HX000001@huaxin-demo.cn', '13900000002'], withContacts, 'account')).toEqual(['13900000002']);
  });

  it('uses the line the server found each employee by (match)', () => {
    const byMatch = [emp('HX000001', '王伟', { match: 'hx000001@huaxin-demo.cn' }), emp('HX000002', '李娜', { match: '13900000002' })];
    expect(unmatchedLines(['HX000001@Huaxin-demo.cn', '13900000002', '13900000009'], byMatch, 'account')).toEqual(['13900000009']);
  });

  it('without contacts in the answer, only a shortfall tells', () => {
    expect(unmatchedLines(['a@x.cn', 'b@x.cn'], found, 'account')).toEqual([]);
    expect(unmatchedLines(['a@x.cn', 'b@x.cn', 'c@x.cn'], found, 'account')).toEqual(['a@x.cn', 'b@x.cn', 'c@x.cn']);
  });
});

describe('the lazily loaded tree (spec section 4)', () => {
  it('nests the loaded units under their parents; the root query answer is the top', () => {
    const tree = buildTree([groupRoot, serviceCo, subs, beijing, shanghai, bjFinance, beijing]);
    expect(tree.map((n) => n.key)).toEqual(['10']);
    expect(tree[0].children?.map((n) => n.key)).toEqual(['1001', '1002']);
    expect(tree[0].children?.[0].children).toBeUndefined(); // not loaded yet
    const sub = tree[0].children![1];
    expect(sub.children?.map((n) => n.key)).toEqual(['100201', '100202']);
    expect(sub.children?.[0].children?.map((n) => [n.key, n.isLeaf])).toEqual([['100201006', true]]);
    expect(sub.children?.[0].isLeaf).toBe(false);
  });

  it("with the root removed, the companies are the top", () => {
    expect(buildTree([beijing, shanghai, bjFinance]).map((n) => n.key)).toEqual(['100201', '100202']);
  });

  it('children are requested at the level plus 1', () => {
    expect(childLevel(groupRoot)).toBe('2');
    expect(childLevel(beijing)).toBe('4');
  });

  it('maps ticked keys back to loaded units', () => {
    expect(unitsOfKeys(['100202', 'nope', '100201'], [beijing, shanghai])).toEqual([shanghai, beijing]);
  });
});
