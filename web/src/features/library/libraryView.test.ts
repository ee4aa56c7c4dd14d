import { describe, expect, it } from 'vitest';
import type { LibRecord, LibType } from '../../api/library';
import { expiryBadge, fillSpans, formField, formPayload, formValues, searchSpecs, typeOfPath } from './libraryView';

const field = (o: Partial<LibType['fields'][number]> & { key: string; kind: LibType['fields'][number]['kind'] }) => ({
  label: o.key, required: false, list: false, sort: false, export: false, import: false, ...o,
});

const licence: LibType = {
  key: 'license', code: 'expert_talents2_license', name: '企业证照', noun: '企业证照', path: '/expert_talents2_license', expiry: true, review: true, import: true, loans: false, messages: false, sorts: ['title'],
  fields: [
    field({ key: 'title', kind: 'text', required: true, search: 'contains', max: 100 }),
    field({ key: 'licenseType', kind: 'dict', dict: 'license_type', search: 'exact' }),
    field({ key: 'education', kind: 'dict', dict: 'education' }),
    field({ key: 'unitCode', kind: 'unit', search: 'unit' }),
    field({ key: 'validTo', kind: 'date', search: 'range' }),
    field({ key: 'tags', kind: 'tags', search: 'tag' }),
    field({ key: 'scans', kind: 'files', role: 'scan', accept: 'pdf' }),
    field({ key: 'amount', kind: 'money', max: 100 }),
    field({ key: 'phone', kind: 'text', pattern: 'mobile' }),
    field({ key: 'state', kind: 'dict', dict: 'ca_state', readOnly: true }),
    field({ key: 'recipient', kind: 'user' }),
  ],
};
const expert = { ...licence, key: 'expert', path: '/expert_talents2_manage' };

describe('library view', () => {
  it('finds the type of a route, the admin expert list showing the experts', () => {
    expect(typeOfPath([licence, expert], '/expert_talents2_license')?.key).toBe('license');
    expect(typeOfPath([licence, expert], '/expert_talents_manage')?.key).toBe('expert');
    expect(typeOfPath([licence], '/nowhere')).toBeUndefined();
  });

  it('builds the search card from the fields that are searched', () => {
    const specs = searchSpecs(licence, 'kw');
    expect(specs.map((s) => `${s.kind}:${s.names.join('+')}`)).toEqual([
      'text:keywords', 'text:title', 'dict:licenseType', 'unit:unitCode', 'dateRange:validToFrom+validToTo', 'tag:tagId',
    ]);
  });

  it('gives each drawn kind its form field with the spec section 5 checks', () => {
    expect(formField(licence.fields[0])).toMatchObject({ type: 'text', maxLength: 100, required: true });
    expect(formField(licence.fields[7])).toMatchObject({ type: 'number', decimals: 2, nonNegative: true, max: 100 });
    expect(formField(licence.fields[8])).toMatchObject({ type: 'text', check: 'mobile' });
    expect(formField(licence.fields[3])).toMatchObject({ type: 'org' });
    expect(formField(licence.fields[9])).toBeUndefined(); // read-only
    expect(formField(licence.fields[5])).toBeUndefined(); // tags: a widget
  });

  it('turns a record into form values and the form back into a payload', () => {
    const rec = {
      id: 1, type: 'license', status: 'published', title: 'x', licenseType: 'business', education: '3', unitCode: '',
      tags: [{ id: 4, name: 'a', color: '' }], scans: [{ id: 9, name: 's.pdf', url: '' }], recipient: 7, recipientLogin: 'admin', validTo: '2030-01-01',
    } as LibRecord;
    const v = formValues(licence, rec);
    expect(v).toMatchObject({ title: 'x', licenseType: 'business', education: 3, unitCode: undefined, tags: [4], recipient: 'admin', validTo: '2030-01-01' });
    const p = formPayload(licence, v);
    expect(p).toMatchObject({ title: 'x', scans: [9], tags: [4], unitCode: '', recipient: 'admin' });
    expect('state' in p).toBe(false);
  });

  it('colours the expiry badge', () => {
    expect(expiryBadge({ expiry: 'expired', daysLeft: -3 } as LibRecord)).toEqual({ color: 'red', days: 3 });
    expect(expiryBadge({ expiry: 'expiring', daysLeft: 5 } as LibRecord)).toEqual({ color: 'orange', days: 5 });
    expect(expiryBadge({ expiry: '' } as LibRecord)).toBeUndefined();
  });
});

describe('description list spans', () => {
  it('fills every row: a wide item starts its own row and the item before it stretches', () => {
    // a, b | c(wide) | d, e | f(wide)
    expect(fillSpans([false, false, true, false, false, true], 2)).toEqual([1, 1, 2, 1, 1, 2]);
    // a, b | c stretched | d(wide) | e stretched to the end
    expect(fillSpans([false, false, false, true, false], 2)).toEqual([1, 1, 2, 2, 2]);
    expect(fillSpans([false, false, false], 2)).toEqual([1, 1, 2]);
    expect(fillSpans([true, false], 3)).toEqual([3, 3]);
    expect(fillSpans([false, false, false, false], 3)).toEqual([1, 1, 1, 3]);
  });

  it('one column: every item spans it', () => {
    expect(fillSpans([false, true, false], 1)).toEqual([1, 1, 1]);
    expect(fillSpans([], 2)).toEqual([]);
  });
});
