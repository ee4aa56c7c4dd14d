/**
 * Every user-visible string goes through i18n in both languages: the two catalogues hold the same keys with
 * texts (and the same placeholders), and every value of an enum the API answers and a screen labels has its
 * label in both. A missing key or a raw enum value on a screen fails here, not in front of a staff member.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../features/sys/BusinessLogPage';
import en from './en';
import zhCN from './zh-CN';

const catalogues: Record<string, Record<string, string>> = { en, 'zh-CN': zhCN };

interface Schema {
  properties?: Record<string, { enum?: unknown[] }>;
}
// the API document the web's types are generated from, read as a file (outside the app's sources; tests run in web/)
const fs = (await import(/* @vite-ignore */ ['node', 'fs'].join(':'))) as { readFileSync(path: string, encoding: 'utf8'): string };
const openapi = JSON.parse(fs.readFileSync('../api/openapi.json', 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const enumOf = (schema: string, prop: string): string[] => {
  const values = openapi.components.schemas[schema]?.properties?.[prop]?.enum;
  if (!values?.length) throw new Error(`api/openapi.json has no enum ${schema}.${prop}`);
  return values.map(String);
};

/** The enums the screens label, and the i18n key of a value (by prefix, or a map where a value is no key). */
const LABELLED: { schema: string; prop: string; key: (v: string) => string }[] = [
  { schema: 'BusinessLog', prop: 'action', key: (v) => `businessLog.action.${v}` },
  { schema: 'LoginLog', prop: 'result', key: (v) => `loginLog.result.${v}` },
  { schema: 'LoginLog', prop: 'site', key: (v) => `loginLog.site.${v}` },
  { schema: 'ExceptionLog', prop: 'kind', key: (v) => `exceptionLog.kind.${v}` },
  { schema: 'SysNotice', prop: 'level', key: (v) => `notice.level.${v}` },
  { schema: 'SysNotice', prop: 'audience', key: (v) => `notice.audience.${v}` },
  { schema: 'SysNotice', prop: 'state', key: (v) => `notice.state.${v}` },
  { schema: 'SysParam', prop: 'type', key: (v) => `sysConfig.type.${v}` },
  { schema: 'Handover', prop: 'state', key: (v) => `handover.state.${v}` },
  { schema: 'DataScope', prop: 'scope', key: (v) => `scope.kind.${v}` },
  { schema: 'PortalMessage', prop: 'kind', key: (v) => `portal.msg.kind.${v}` },
  { schema: 'Resource', prop: 'access', key: (v) => `res.access.${v === 'signed-in' ? 'signedIn' : v}` },
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n catalogues', () => {
  it('hold the same keys, each with a text and the same placeholders in both languages', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    // a text may be blank on purpose (nothing to add), then in both languages; never in one only
    for (const key of Object.keys(en)) {
      const blank = [en, zhCN].map((c) => !c[key as keyof typeof en].trim());
      expect(blank[0], `${key} is blank in one language only`).toBe(blank[1]);
    }
    for (const key of Object.keys(en)) {
      expect(placeholders(zhCN[key as keyof typeof zhCN]), `placeholders of ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
    }
  });

  it('label every value of the enums the screens show, in both languages', () => {
    for (const { schema, prop, key } of LABELLED) {
      for (const v of enumOf(schema, prop)) {
        for (const [lang, cat] of Object.entries(catalogues)) {
          expect(cat[key(v)], `${lang} has no label ${key(v)} for ${schema}.${prop} = ${v}`).toBeTruthy();
        }
      }
    }
  });

  it("offer every business-log verb the server writes in the log's action filter", () => {
    expect([...ACTIONS].sort()).toEqual(enumOf('BusinessLog', 'action').sort());
  });
});
