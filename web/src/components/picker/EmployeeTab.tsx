import { Input, Segmented, Spin, Typography } from 'antd';
import { useI18n } from '../../i18n';
import CheckList from './CheckList';
import { employeeLabel } from './pickerState';
import type { EmployeeMode, EmployeeTabState } from './useEmployeeTab';
import styles from './picker.module.css';

/** The text area has 10 rows and the name-search list is 220px high (spec section 2). */
const TEXT_ROWS = 10;
const SEARCH_LIST_HEIGHT = 220;

/** The employee tab: '编号导入', '账号导入' and '搜索'. */
export default function EmployeeTab({ state: s }: { state: EmployeeTabState }) {
  const { t } = useI18n();
  const modes: { value: EmployeeMode; label: string }[] = [
    { value: 'code', label: t('picker.byCode') },
    { value: 'account', label: t('picker.byAccount') },
    { value: 'name', label: t('picker.byName') },
  ];
  return (
    <>
      <Segmented<EmployeeMode> block options={modes} value={s.mode} onChange={s.setMode} style={{ marginBottom: 8 }} data-testid="picker-employee-mode" />
      {s.mode === 'name' ? (
        <>
          <Input.Search
            allowClear
            enterButton={t('picker.search')}
            placeholder={t('picker.namePlaceholder')}
            value={s.names}
            onChange={(e) => s.setNames(e.target.value)}
            onSearch={(v) => void s.search(v)}
            loading={s.busy}
            data-testid="picker-employee-search"
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={s.busy}>
            <CheckList
              testId="picker-employee-results"
              height={SEARCH_LIST_HEIGHT}
              items={s.results.map((e) => ({ key: e.code, title: employeeLabel(e), sub: e.unitName }))}
              checked={s.resultChecked}
              onClick={s.toggleResult}
            />
          </Spin>
        </>
      ) : (
        <Spin spinning={s.busy}>
          <Typography.Text type="secondary" className={styles.hint}>
            {t(s.mode === 'code' ? 'picker.codeHint' : 'picker.accountHint')}
          </Typography.Text>
          <Input.TextArea
            rows={TEXT_ROWS}
            value={s.text[s.mode]}
            onChange={(e) => s.setText(e.target.value)}
            placeholder={t(s.mode === 'code' ? 'picker.codePlaceholder' : 'picker.accountPlaceholder')}
            data-testid="picker-employee-lines"
            style={{ resize: 'none' }}
          />
        </Spin>
      )}
    </>
  );
}
