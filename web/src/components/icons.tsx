import { type ComponentType, type ReactNode } from 'react';
import { useLazyModule } from '../lib/useLazyModule';

type Loader = () => Promise<{ default: ComponentType }>;

// Each icon is a chunk of its own, fetched the first time a name needs it: a page downloads the icons it draws,
// not all 32 an administrator may pick (docs/testing.md, "Bundle sizes").
const AppstoreOutlined: Loader = () => import('@ant-design/icons/es/icons/AppstoreOutlined');
const AuditOutlined: Loader = () => import('@ant-design/icons/es/icons/AuditOutlined');
const BarChartOutlined: Loader = () => import('@ant-design/icons/es/icons/BarChartOutlined');
const BookOutlined: Loader = () => import('@ant-design/icons/es/icons/BookOutlined');
const CloudUploadOutlined: Loader = () => import('@ant-design/icons/es/icons/CloudUploadOutlined');
const DatabaseOutlined: Loader = () => import('@ant-design/icons/es/icons/DatabaseOutlined');
const DeleteOutlined: Loader = () => import('@ant-design/icons/es/icons/DeleteOutlined');
const DownloadOutlined: Loader = () => import('@ant-design/icons/es/icons/DownloadOutlined');
const EditOutlined: Loader = () => import('@ant-design/icons/es/icons/EditOutlined');
const ExportOutlined: Loader = () => import('@ant-design/icons/es/icons/ExportOutlined');
const FileSearchOutlined: Loader = () => import('@ant-design/icons/es/icons/FileSearchOutlined');
const FileTextOutlined: Loader = () => import('@ant-design/icons/es/icons/FileTextOutlined');
const FolderOutlined: Loader = () => import('@ant-design/icons/es/icons/FolderOutlined');
const GiftOutlined: Loader = () => import('@ant-design/icons/es/icons/GiftOutlined');
const GlobalOutlined: Loader = () => import('@ant-design/icons/es/icons/GlobalOutlined');
const HomeOutlined: Loader = () => import('@ant-design/icons/es/icons/HomeOutlined');
const IdcardOutlined: Loader = () => import('@ant-design/icons/es/icons/IdcardOutlined');
const KeyOutlined: Loader = () => import('@ant-design/icons/es/icons/KeyOutlined');
const LinkOutlined: Loader = () => import('@ant-design/icons/es/icons/LinkOutlined');
const NotificationOutlined: Loader = () => import('@ant-design/icons/es/icons/NotificationOutlined');
const PlusOutlined: Loader = () => import('@ant-design/icons/es/icons/PlusOutlined');
const ProfileOutlined: Loader = () => import('@ant-design/icons/es/icons/ProfileOutlined');
const SafetyCertificateOutlined: Loader = () => import('@ant-design/icons/es/icons/SafetyCertificateOutlined');
const ScheduleOutlined: Loader = () => import('@ant-design/icons/es/icons/ScheduleOutlined');
const SearchOutlined: Loader = () => import('@ant-design/icons/es/icons/SearchOutlined');
const SettingOutlined: Loader = () => import('@ant-design/icons/es/icons/SettingOutlined');
const TableOutlined: Loader = () => import('@ant-design/icons/es/icons/TableOutlined');
const TagsOutlined: Loader = () => import('@ant-design/icons/es/icons/TagsOutlined');
const TeamOutlined: Loader = () => import('@ant-design/icons/es/icons/TeamOutlined');
const ToolOutlined: Loader = () => import('@ant-design/icons/es/icons/ToolOutlined');
const TrophyOutlined: Loader = () => import('@ant-design/icons/es/icons/TrophyOutlined');
const UserOutlined: Loader = () => import('@ant-design/icons/es/icons/UserOutlined');

const ICONS: Record<string, Loader> = {
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  barchart: BarChartOutlined,
  chart: BarChartOutlined,
  statistics: BarChartOutlined,
  book: BookOutlined,
  library: BookOutlined,
  upload: CloudUploadOutlined,
  database: DatabaseOutlined,
  idcard: IdcardOutlined,
  global: GlobalOutlined,
  filesearch: FileSearchOutlined,
  table: TableOutlined,
  delete: DeleteOutlined,
  download: DownloadOutlined,
  edit: EditOutlined,
  export: ExportOutlined,
  file: FileTextOutlined,
  filetext: FileTextOutlined,
  folder: FolderOutlined,
  gift: GiftOutlined,
  reward: GiftOutlined,
  home: HomeOutlined,
  key: KeyOutlined,
  link: LinkOutlined,
  notification: NotificationOutlined,
  plus: PlusOutlined,
  add: PlusOutlined,
  profile: ProfileOutlined,
  safetycertificate: SafetyCertificateOutlined,
  certificate: SafetyCertificateOutlined,
  schedule: ScheduleOutlined,
  task: ScheduleOutlined,
  search: SearchOutlined,
  setting: SettingOutlined,
  system: SettingOutlined,
  tags: TagsOutlined,
  tag: TagsOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  trophy: TrophyOutlined,
  user: UserOutlined,
};

/** The icon names a menu may use (/menusmanager offers them). */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS).sort();

/** An icon loaded on first use; until it has arrived an empty box of its size holds its place. */
function LazyIcon({ load }: { load: Loader }) {
  const Icon = useLazyModule(load)?.default;
  return Icon ? <Icon /> : <span role="img" className="anticon" style={{ width: '1em', height: '1em' }} />;
}

/** An icon by a loose server name ('setting', 'SettingOutlined', 'bar-chart'); undefined when unknown. */
export function iconFor(name: string | undefined): ReactNode {
  if (!name) return undefined;
  const key = name.toLowerCase().replace(/outlined$|filled$/, '').replace(/[^a-z]/g, '');
  const load = ICONS[key];
  return load ? <LazyIcon key={key} load={load} /> : undefined;
}
