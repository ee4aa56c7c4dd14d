/** antd's and dayjs' zh-CN locale, loaded with the first antd screen (src/i18n/index.ts, loadAntdLocale). */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import antd from 'antd/es/locale/zh_CN';
import type { LocalePack } from './index';

const pack: LocalePack = { antd, activate: () => void dayjs.locale('zh-cn') };
export default pack;
