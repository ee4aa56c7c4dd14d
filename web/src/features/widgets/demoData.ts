/** Sample data of the widget gallery (/test): like records from a server, not interface text. */
import type { CascaderOption } from '../../components/form/fields';

export const REGIONS: CascaderOption[] = [
  {
    value: '44',
    label: '广东省',
    children: [
      { value: '4403', label: '深圳市', children: [{ value: '440305', label: '南山区' }, { value: '440304', label: '福田区' }, { value: '440306', label: '宝安区' }] },
      { value: '4401', label: '广州市', children: [{ value: '440106', label: '天河区' }, { value: '440104', label: '越秀区' }] },
    ],
  },
  {
    value: '11',
    label: '北京市',
    children: [{ value: '1101', label: '市辖区', children: [{ value: '110105', label: '朝阳区' }, { value: '110108', label: '海淀区' }] }],
  },
  {
    value: '31',
    label: '上海市',
    children: [{ value: '3101', label: '市辖区', children: [{ value: '310115', label: '浦东新区' }, { value: '310104', label: '徐汇区' }] }],
  },
  {
    value: '81',
    label: '香港特别行政区',
    children: [{ value: '8101', label: '香港岛', children: [{ value: '810101', label: '中西区' }, { value: '810102', label: '湾仔区' }] }],
  },
];

export const MATERIAL_TYPES = ['企业资质', '专家', '荣誉', '业绩合同', 'CA 锁', '标书', '服务方案模板', '工具包', '公告', '消息待办'].map((title, i) => ({
  key: String(i + 1),
  title,
}));

export interface DemoDoc {
  id: number;
  name: string;
  owner: string;
  starred: boolean;
}

export const DEMO_DOCS: DemoDoc[] = [
  { id: 1, name: '2025 年智慧园区运维投标文件', owner: '张晓', starred: false },
  { id: 2, name: '数据中心服务方案模板', owner: '李明', starred: true },
  { id: 3, name: 'ISO 20000 资质证书', owner: '王芳', starred: false },
  { id: 4, name: '省级优秀服务商荣誉', owner: '赵磊', starred: false },
];

/** The pager demo's rows: 137 numbered items whose names the keyword box filters. */
export const PAGER_ITEMS = Array.from({ length: 137 }, (_, i) => {
  const kinds = ['投标文件', '资质证书', '业绩合同', '专家简历'];
  return { id: i + 1, name: `${kinds[i % kinds.length]} ${String(i + 1).padStart(3, '0')}` };
});
