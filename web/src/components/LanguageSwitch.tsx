import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';

/** Toggles zh-CN / en; the label names the language it switches to. */
export default function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      data-testid="lang-switch"
      aria-label={`${t('header.language')}: ${t('header.switchTo')}`}
      onClick={() => void setLang(lang === 'en' ? 'zh-CN' : 'en')}
    >
      {t('header.switchTo')}
    </Button>
  );
}
