import { lazy, Suspense, useState } from 'react';
import { Select } from 'antd';
import { useI18n } from '../i18n';

const OrgTreeSelect = lazy(() => import('./OrgTreeSelect'));

interface Props {
  testId?: string;
  value?: string;
  label?: string;
  onChange?: (value?: string, label?: string) => void;
}

/**
 * A search card's organisation filter (any unit, a whole branch). antd's TreeSelect is loaded when the filter is
 * first used: until then an empty antd `Select` (on every list page already, with the state filter and the page
 * size) stands in with the same look. Focusing it (a click, or Tab) swaps in the real tree, which takes the focus
 * and, after a click, opens. A filter that already has a value (from the address) is the real one at once.
 */
export default function OrgFilterSelect(props: Props) {
  const { t } = useI18n();
  const [used, setUsed] = useState<false | 'focus' | 'open'>(false);
  const standIn = (
    <Select
      data-testid={props.testId}
      placeholder={t('user.unitPlaceholder')}
      open={false}
      style={{ width: '100%' }}
      onFocus={() => setUsed((u) => u || 'focus')}
      onMouseDown={() => setUsed('open')}
    />
  );
  if (!used && !props.value) return standIn;
  return (
    <Suspense fallback={standIn}>
      <OrgTreeSelect
        anyNode
        testId={props.testId}
        value={props.value}
        label={props.label}
        onChange={props.onChange}
        autoFocus={!!used}
        defaultOpen={used === 'open'}
      />
    </Suspense>
  );
}
