import { describe, expect, it } from 'vitest';
import type { DTableField, DTableRow } from '../../api/lowcode';
import { insertAt, paramNames, sqlName } from './datasetView';
import { cellText, fieldKey, formFields, fromForm, moneyText, newField, searchFields, toForm } from './dtableView';
import { filterParam, filterValues, followShape, formatCell, formToLayout, toChart } from './dreportView';

const field = (over: Partial<DTableField>): DTableField => ({ ...(newField(1) as DTableField), id: 1, sort: 0, removed: 0, ...over });

describe('dynamic table screens', () => {
  const fields = [
    field({ fieldName: 'title', name: '名称', searchable: 1, required: 1 }),
    field({ fieldName: 'due', name: '截止', type: 'datetime', searchable: 1 }),
    field({ fieldName: 'owner', name: '负责人', showType: 'multiple_user_choice' }),
    field({ fieldName: 'units', name: '单位', showType: 'multiple_organ_choice', searchable: 1 }),
    field({ fieldName: 'gender', name: '性别', isDict: 1, dictGroupCode: 'gender', choiceSingle: 0, searchable: 1 }),
    field({ fieldName: 'amount', name: '金额', type: 'int', defaultValue: '7' }),
  ];

  it('searches the searchable fields, a datetime by a range', () => {
    expect(searchFields(fields).map((s) => [s.names.join('|'), s.kind])).toEqual([
      ['title', 'text'],
      ['dueStart|dueEnd', 'dateRange'],
      ['units', 'org'],
      ['gender', 'dict'],
    ]);
  });

  it('gives each descriptor its widget', () => {
    expect(formFields(fields).map((f) => [f.name, f.type, 'multiple' in f ? f.multiple : undefined, f.required])).toEqual([
      ['title', 'text', undefined, true],
      ['due', 'datetime', undefined, false],
      ['owner', 'user', true, false],
      ['units', 'org', true, false],
      ['gender', 'select', true, false],
      ['amount', 'number', undefined, false],
    ]);
  });

  it('moves values between a row, the form and the call', () => {
    const row: DTableRow = {
      id: 3,
      values: { title: 'a', due: '2026-03-01T02:00:00Z', owner: 'staff,admin', units: '1-2', gender: '1,2', amount: 5 },
      labels: { owner: '张三,管理员', units: '甲,乙', gender: '男,女' },
      createdAt: '',
      updatedAt: '',
    };
    const form = toForm(fields, row);
    expect(form.gender).toEqual([1, 2]);
    expect(form.amount).toBe(5);
    expect(toForm(fields).amount).toBe(7);
    expect(fromForm(fields, { ...form, title: '', gender: [] })).toMatchObject({ title: null, gender: null, owner: 'staff,admin' });
    expect(cellText(fields[2], row)).toBe('张三,管理员');
    expect(cellText(fields[0], row)).toBe('a');
  });

  it('reads the parameters of a statement', () => {
    expect(paramNames("SELECT a::text, ':x' FROM t -- :c\n WHERE u = :unit AND d >= :from /* :y */ AND v = :unit")).toEqual(['unit', 'from']);
  });
});

describe('dynamic report screens', () => {
  it('formats cells by the column format', () => {
    expect(formatCell('number', 1234567.5)).toBe('1,234,567.5');
    expect(formatCell('percent', 0.125)).toBe('12.5%');
    expect(formatCell('date', '2026-03-04T10:00:00Z')).toBe('2026-03-04');
    expect(formatCell('text', null)).toBe('');
    expect(formatCell('number', 'n/a')).toBe('n/a');
  });

  it('binds every filter, empty ones as empty text', () => {
    expect(filterValues([{ name: 'unit' }, { name: 'day' }], { [filterParam('unit')]: '0001', current: '2' })).toEqual({ unit: '0001', day: '' });
  });

  it('draws the chart of a run: labels from x, a series per y (one for a pie)', () => {
    const run = {
      name: 'R',
      chart: { type: 'pie' as const, x: 'who', y: ['n', 'm'] },
      columns: [
        { key: 'who', title: '人员', format: 'text' as const, total: false },
        { key: 'n', title: '数量', format: 'number' as const, total: true },
      ],
      chartRows: [
        { who: 'a', n: 2, m: 1 },
        { who: 'b', n: '3', m: 1 },
      ],
    };
    expect(toChart(run)).toMatchObject({ kind: 'pie', labels: ['a', 'b'], series: [{ key: 'n', name: '数量', values: [2, 3] }] });
    expect(toChart({ ...run, chart: { type: '', x: '', y: [] } })).toBeUndefined();
  });

  it('follows a dataset: columns kept while the dataset has them, a widget per parameter', () => {
    const kept = followShape(
      { columns: ['a', 'b'], filters: [{ name: 'p' }, { name: 'q' }] },
      { columns: [{ key: 'b', title: 'B', format: 'number', total: true }, { key: 'gone', title: '', format: 'text', total: false }], filters: [{ name: 'q', widget: 'date', dictGroupCode: '' }] },
    );
    expect(kept.columns.map((c) => c.key)).toEqual(['b']);
    expect(kept.filters).toEqual([{ name: 'p', widget: 'text', dictGroupCode: '' }, { name: 'q', widget: 'date', dictGroupCode: '' }]);
    expect(followShape({ columns: ['x'], filters: [] }, { columns: [], filters: [] }).columns).toEqual([{ key: 'x', title: 'x', format: 'text', total: false }]);
    expect(formToLayout({ columns: kept.columns, chartType: 'bar', chartX: 'b', chartY: ['b'], filters: [{ name: 'p', widget: 'text', dictGroupCode: 'x' }] })).toEqual({
      columns: [{ key: 'b', title: 'B', format: 'number', total: true }],
      chart: { type: 'bar', x: 'b', y: ['b'] },
      filters: [{ name: 'p', widget: 'text', dictGroupCode: '' }],
    });
  });
});

describe('field codes, names and amounts of the low-code designers', () => {
  it('makes a field code from a title: pinyin initials, camelCase words, unique, never reserved', () => {
    expect(fieldKey('项目名称', [])).toBe('xmmc');
    expect(fieldKey('投标金额', [])).toBe('tbje');
    expect(fieldKey('开标日期', [])).toBe('kbrq');
    expect(fieldKey('Bid amount', [])).toBe('bidAmount');
    expect(fieldKey('2024年 合同额', [])).toBe('nhte');
    expect(fieldKey('项目名称', ['XMMC', 'xmmc2'])).toBe('xmmc3');
    expect(fieldKey('ID', [])).toBe('id2');
    expect(fieldKey('—', [])).toBe('field');
  });
  it('writes names as a statement needs them and inserts them at the cursor', () => {
    expect(sqlName('投标项目跟踪')).toBe('投标项目跟踪');
    expect(sqlName('org_unit')).toBe('org_unit');
    expect(sqlName('项目 "台账"')).toBe('"项目 ""台账"""');
    expect(insertAt('SELECT  FROM x', 7, 7, 'xmmc')).toEqual({ text: 'SELECT xmmc FROM x', cursor: 11 });
    expect(insertAt('SELECT * FROM', 13, 13, '投标项目跟踪')).toEqual({ text: 'SELECT * FROM 投标项目跟踪', cursor: 20 });
    expect(insertAt('SELECT a.', 9, 9, 'b')).toEqual({ text: 'SELECT a.b', cursor: 10 });
  });
  it('shows an amount with thousands separators, exactly as the server wrote it', () => {
    expect(moneyText('1234567.50')).toBe('1,234,567.50');
    expect(moneyText('-1000.05')).toBe('-1,000.05');
    expect(moneyText('0.10')).toBe('0.10');
  });
});
