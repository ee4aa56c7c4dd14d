import { useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import ExamTaker from './taking/ExamTaker';

/** /gatewayExam in the portal: my exams; ?attempt= the attempt being taken (a reload continues it) or its result. */
export default function PortalExamPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const attempt = Number(search.get('attempt')) || 0;
  return (
    <div style={{ padding: '16px 12px 40px' }}>
      {!attempt && <h1 style={{ maxWidth: 820, margin: '0 auto 12px', fontSize: 20 }}>{t('nav.gatewayExam')}</h1>}
      <ExamTaker channel="portal" attemptId={attempt} go={(a) => setSearch(a ? { attempt: String(a) } : {})} />
    </div>
  );
}
