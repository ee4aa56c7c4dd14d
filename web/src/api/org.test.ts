import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n';
import { callApi, configureClient, resetClient, type ClientEffects } from './client';
import { findUnit, getAccessOrgan, getEmployeeList, getOrganList, scopeQuery, searchOrgans } from './org';

type Fetch = typeof globalThis.fetch;

function setup(data: unknown, code = 0) {
  const fetch = vi.fn<Fetch>(async () => new Response(JSON.stringify({ code, message: code ? '出错了' : '', data })));
  const fx: Partial<ClientEffects> = { toast: vi.fn(), confirm: vi.fn(async () => undefined), navigate: vi.fn(), clearSession: vi.fn(), logError: vi.fn() };
  configureClient({ ...fx, fetch, getToken: () => 'tok', getLang: () => 'en', baseUrl: '' });
  return { fetch, fx };
}

const urlOf = (fetch: ReturnType<typeof vi.fn<Fetch>>, i = 0) => new URL(String(fetch.mock.calls[i][0]), 'http://x');
const query = (u: URL) => Object.fromEntries(u.searchParams);

describe('the picker calls (spec section 7)', () => {
  beforeEach(() => {
    setLang('en');
    resetClient();
  });

  it('are registered by the spec names', async () => {
    const { fetch } = setup([]);
    for (const name of ['getOrganList', 'newGetOrganList', 'getOrganSearch', 'getAccessOrgan', 'getEmployeeList']) {
      await callApi(name, name === 'getEmployeeList' ? { employeeCodes: [] } : {});
    }
    expect(fetch.mock.calls.map((c, i) => [(c[1] as RequestInit).method, urlOf(fetch, i).pathname])).toEqual([
      ['GET', '/motivate/project/config/selectOrgCode'],
      ['GET', '/motivate/project/config/selectOrgCode'],
      ['GET', '/api/organization/unitInfo/byUnitName'],
      ['GET', '/api/recruit/interview/user/authority'],
      ['POST', '/api/employee/selector'],
    ]);
  });

  it('the root query is level 1 with inStatus 1; type only when above 0; scope flags pass through', async () => {
    const { fetch } = setup([]);
    await getOrganList({});
    expect(query(urlOf(fetch))).toEqual({ inStatus: '1', level: '1' });
    await getOrganList({ delPartment: true, isDataRule: true, moduleName: 'library', type: 2 });
    expect(query(urlOf(fetch, 1))).toEqual({ inStatus: '1', level: '1', delPartment: 'true', isDataRule: 'true', moduleName: 'library', type: '2' });
    expect(scopeQuery({ type: 0 })).toEqual({ inStatus: '1' });
  });

  it('children are asked by the parent code at its level plus 1', async () => {
    const { fetch } = setup([]);
    await getOrganList({ moduleName: 'm' }, { fullUnitCode: '1002', level: '3' });
    expect(query(urlOf(fetch))).toEqual({ inStatus: '1', moduleName: 'm', fullUnitCode: '1002', level: '3' });
  });

  it('searches with getOrganSearch, or newGetOrganList with data rules when limited to own units', async () => {
    const { fetch } = setup([]);
    await searchOrgans({ delPartment: true }, '财务');
    expect(urlOf(fetch).pathname).toBe('/api/organization/unitInfo/byUnitName');
    expect(query(urlOf(fetch))).toEqual({ inStatus: '1', delPartment: 'true', unitName: '财务' });
    await searchOrgans({ moduleName: 'library' }, '财务', true);
    expect(query(urlOf(fetch, 1))).toEqual({ inStatus: '1', moduleName: 'library', isDataRule: 'true', unitName: '财务' });
  });

  it('organisation failures show nothing (spec section 8)', async () => {
    const { fx } = setup(null, 1);
    await expect(getOrganList({})).rejects.toThrow('出错了');
    await expect(getAccessOrgan('library')).rejects.toThrow();
    expect(fx.toast).not.toHaveBeenCalled();
  });

  it('getEmployeeList posts exactly one lookup as JSON', async () => {
    const { fetch } = setup([{ code: 'HX000001', name: '王伟', unitCode: '100201001', unitName: '综合管理部' }]);
    await expect(getEmployeeList({ employeeCodes: ['HX000001', 'HX000002'] })).resolves.toHaveLength(1);
    expect(JSON.parse(String((fetch.mock.calls[0][1] as RequestInit).body))).toEqual({ employeeCodes: ['HX000001', 'HX000002'] });
  });

  it('findUnit keeps only the unit with exactly that code', async () => {
    const { fetch } = setup([
      { fullUnitCode: '100201', unitName: '北京' },
      { fullUnitCode: '100201001', unitName: '综合管理部' },
    ]);
    await expect(findUnit('100201001')).resolves.toMatchObject({ unitName: '综合管理部' });
    expect(query(urlOf(fetch))).toEqual({ keyword: '100201001' });
    await expect(findUnit('1002019')).resolves.toBeUndefined();
  });
});
