import { Button, Tooltip } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import type { PortalHit } from '../../api/portal';
import { useI18n } from '../../i18n';
import { addToPack, removeFromPack, usePack } from './packStore';

interface Props {
  hit: PortalHit;
  /** 'icon': a small round button (compact rows); default: a labelled button */
  variant?: 'icon' | 'button';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
}

/**
 * 'Add to my bid pack'; once added it shows so and a second press takes the material out again. data-state tells
 * the end-to-end tests which it is.
 */
export default function AddToPackButton({ hit, variant = 'button', size = 'middle', block }: Props) {
  const { t } = useI18n();
  const pack = usePack();
  const added = pack.ids.has(hit.id);
  const busy = pack.pending.has(hit.id);
  const label = added ? t('portal.pack.added') : t('portal.pack.add');
  const action = added ? t('portal.pack.removeOne', { title: hit.title }) : t('portal.pack.addOne', { title: hit.title });
  const toggle = () => void (added ? removeFromPack([hit.id]) : addToPack([hit]));
  const common = {
    onClick: toggle,
    loading: busy,
    size,
    'aria-pressed': added,
    'aria-label': action,
    'data-testid': `pack-add-${hit.id}`,
    'data-state': added ? 'added' : 'none',
  };
  if (variant === 'icon') {
    return (
      <Tooltip title={added ? t('portal.pack.removeHint') : t('portal.pack.add')}>
        <Button {...common} shape="circle" type={added ? 'primary' : 'default'} ghost={added} icon={added ? <CheckOutlined /> : <PlusOutlined />} />
      </Tooltip>
    );
  }
  return (
    <Tooltip title={added ? t('portal.pack.removeHint') : undefined}>
      <Button {...common} block={block} type={added ? 'default' : 'primary'} ghost={!added} icon={added ? <CheckOutlined /> : <PlusOutlined />}>
        {label}
      </Button>
    </Tooltip>
  );
}
