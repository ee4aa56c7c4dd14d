/** Everything the zh-CN language needs, loaded on demand (src/i18n/index.ts): the public screens' messages, antd's and dayjs' locale. */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import antd from 'antd/es/locale/zh_CN';
import messages from 'virtual:messages/zh-CN/public';
import type { LangPack } from './index';

const pack: LangPack = { messages, antd, activate: () => void dayjs.locale('zh-cn') };
export default pack;
