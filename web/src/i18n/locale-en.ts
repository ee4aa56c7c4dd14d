/** antd's and dayjs' en locale, loaded with the first antd screen (src/i18n/index.ts, loadAntdLocale). */
import dayjs from 'dayjs';
import antd from 'antd/es/locale/en_US';
import type { LocalePack } from './index';

const pack: LocalePack = { antd, activate: () => void dayjs.locale('en') };
export default pack;
