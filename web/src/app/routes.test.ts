import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import zhCN from '../i18n/zh-CN';
import { adminEntry, adminRoutes, findRoute, isBuilt, routes } from './routes';

const specAdmin = `welcome tagmanager gatewaymanager demandcollection servicePlan expandServices useCertificateRewardSetting
useCertificateRewardAudit useCertificateRewardReport rolemanager resmanager menusmanager functionsmanager sysroles roleusers
sysuser test expert_talents_manage expert_make_word expert_talents_result dict_manager sys_config exception_log business_log
login_log task_manager task_log dataset_manager handover_manager headerAndfooter_manager dtable dreport externalOrgan externalUser
expert_talents2_manage expert_talents2_license expert_talents2_honor expert_talents2_contract expert_talents2_politics
expert_talents2_tender expert_talents2_message expert_talents2_announcement
personnel_login personnel_role download_type demand_feedback data_upload ca_upload summary statistics_account`.split(/\s+/);
/** Admin routes the product adds where the spec leaves a screen unnamed (the organisation and employee import). */
const productAdmin = ['organization_manager'];

describe('route table', () => {
  it('holds every route of spec section 2 in the right shell', () => {
    const shells = Object.fromEntries(routes.map((r) => [r.path, r.shell]));
    for (const p of ['/login', '/ahrLogin', '/login2', '/sso']) expect(shells[p]).toBe('public');
    for (const p of ['/gateway', '/gatewaySearch', '/gatewayMsg', '/gatewayDetail']) expect(shells[p]).toBe('portal');
    for (const tab of ['enterprise', 'expert', 'contract', 'honor', 'caKeyClass', 'service', 'packs'])
      expect(shells[`/gatewayDetail/${tab}`]).toBe('portal');
    expect(adminRoutes.map((r) => r.path.slice(1)).sort()).toEqual([...specAdmin, ...productAdmin].sort());
  });

  it('admin menu codes are the path without the slash', () => {
    for (const r of adminRoutes) expect(r.menuCode).toBe(r.path.slice(1));
  });

  it('paths are unique and every title exists in both languages', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    for (const r of routes) {
      expect(en[r.titleKey], r.titleKey).toBeTruthy();
      expect(zhCN[r.titleKey], r.titleKey).toBeTruthy();
    }
  });

  it('finds routes case-insensitively and ignores a trailing slash', () => {
    expect(findRoute('/SysUser/')?.path).toBe('/sysuser');
    expect(findRoute('/nope')).toBeUndefined();
  });

  it('the admin entry is /welcome when held, else the first held admin route, else none', () => {
    expect(adminEntry(['sysuser', 'welcome'])).toBe('/welcome');
    expect(adminEntry(['sys', 'dict_manager'])).toBe('/dict_manager');
    expect(adminEntry(['sys'])).toBeUndefined();
    expect(adminEntry(undefined)).toBeUndefined();
  });
});

describe('unbuilt screens', () => {
  it('are the placeholder routes, and the built screens are not', () => {
    expect(isBuilt(findRoute('/sysuser')!)).toBe(true);
    expect(isBuilt(findRoute('/summary')!)).toBe(false);
    expect(adminRoutes.filter((r) => !isBuilt(r)).map((r) => r.menuCode)).toContain('demandcollection');
  });
});
