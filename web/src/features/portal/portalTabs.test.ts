import { describe, expect, it } from 'vitest';
import { DETAIL_TABS } from '../../app/routes';
import { isCoursePush, messageTarget, recordPath, tabOfType, TAB_TYPES, typeOfTab } from './portalTabs';

describe('detail tabs and types', () => {
  it('maps every tab of the route table to a library type and back', () => {
    for (const tab of DETAIL_TABS) {
      expect(TAB_TYPES[tab]).toBeTruthy();
      expect(tabOfType(typeOfTab(tab))).toBe(tab);
    }
    expect(typeOfTab('enterprise')).toBe('license');
    expect(typeOfTab('CAKEYCLASS')).toBe('cakey');
    expect(typeOfTab('packs')).toBe('toolkit');
    expect(typeOfTab('tender')).toBeUndefined();
    expect(tabOfType('announcement')).toBeUndefined();
  });

  it('a message about a material opens it on its tab', () => {
    expect(recordPath('honor', 9)).toBe('/gatewayDetail/honor?id=9');
    expect(messageTarget({ kind: 'expiry', id: 1, refType: 'license', refId: 12, refTab: 'enterprise' })).toEqual({ path: '/gatewayDetail/enterprise?id=12' });
    // the tab from the type when the server gave none
    expect(messageTarget({ kind: 'review', id: 1, refType: 'cakey', refId: 3, refTab: '' })).toEqual({ path: '/gatewayDetail/caKeyClass?id=3' });
  });

  it('a tender or an announcement opens in place; a message without material leads nowhere', () => {
    expect(messageTarget({ kind: 'review', id: 1, refType: 'tender', refId: 5, refTab: '' })).toEqual({ recordId: 5 });
    expect(messageTarget({ kind: 'announcement', id: 44, refType: 'announcement', refId: 0, refTab: '' })).toEqual({ recordId: 44 });
    // a demand collection's notices open it on the message page
    expect(messageTarget({ kind: 'notice', id: 9, refType: 'demand', refId: 4, refTab: '' })).toEqual({ path: '/gatewayMsg?demand=4' });
    expect(messageTarget({ kind: 'notice', id: 9, refType: 'course', refId: 7, refTab: '' })).toEqual({ path: '/gatewayCourse?id=7' });
    expect(messageTarget({ kind: 'notice', id: 9, refType: 'courseSpecial', refId: 3, refTab: '' })).toEqual({ path: '/gatewayCourse?specialId=3' });
    expect(messageTarget({ kind: 'notice', id: 9, refType: 'coursePush', refId: 12, refTab: '' })).toEqual({ path: '/gatewayCourse' });
    expect([isCoursePush({ refType: 'coursePush' }), isCoursePush({ refType: 'course' }), isCoursePush({ refType: 'demand' })]).toEqual([true, true, false]);
    expect(messageTarget({ kind: 'notice', id: 2, refType: '', refId: 0, refTab: '' })).toBeUndefined();
  });
});
