import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button } from 'antd';
import { ShoppingOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useEver } from '../../lib/useEver';
import { usePack } from './packStore';
import styles from './portal.module.css';

// The drawer (its list, the export) loads when the pack is first opened, not with every portal page.
const PackDrawer = lazy(() => import('./PackDrawer').then((m) => ({ default: m.PackDrawer })));

/** The address fragment that opens the pack (a quick link may point at /gateway#pack). */
export const PACK_HASH = '#pack';

/** The header's button: the pack's size as a badge; opens the pack drawer (also when the address ends in #pack). */
export function PackBadge() {
  const { t } = useI18n();
  const pack = usePack();
  const navigate = useNavigate();
  const { hash, pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const used = useEver(open);
  const n = pack.records.length;
  useEffect(() => {
    if (hash === PACK_HASH) setOpen(true);
  }, [hash]);
  const close = () => {
    setOpen(false);
    if (hash === PACK_HASH) navigate({ pathname, search }, { replace: true });
  };
  return (
    <>
      <Button
        type="text"
        onClick={() => setOpen(true)}
        aria-label={t('portal.pack.openLabel', { n })}
        data-testid="pack-badge"
        data-count={n}
        style={{ paddingInline: 8 }}
      >
        <Badge count={n} size="small" overflowCount={99} offset={[2, -2]}>
          <ShoppingOutlined style={{ fontSize: 18 }} />
        </Badge>
        <span className={styles.hideXs} data-testid="pack-count" data-count={n}>
          {t('portal.pack.title')}
        </span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <PackDrawer open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
