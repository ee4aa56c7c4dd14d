/** Everything the en language needs, loaded on demand (src/i18n/index.ts): the public screens' messages, antd's and dayjs' locale. */
import dayjs from 'dayjs';
import antd from 'antd/es/locale/en_US';
import messages from 'virtual:messages/en/public';
import type { LangPack } from './index';

const pack: LangPack = { messages, antd, activate: () => void dayjs.locale('en') };
export default pack;
