import { Col, DatePicker, Form, Input, InputNumber, Row, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { addBanner, editBanner, type PortalBanner } from '../../api/gatewayManager';
import type { Editing } from '../../components/list/CrudList';
import FormModal from '../../components/form/FormModal';
import { useI18n } from '../../i18n';
import { isLinkUrl } from '../../lib/linkUrl';
import BannerImageField from './BannerImageField';
import { dayOf, windowOrdered } from './bannerWindow';

/** Server limits (internal/portal: MaxBannerTitle, MaxSort). */
export const BANNER_TITLE_MAX = 100;
export const SORT_MAX = 9999;

interface Values {
  imageUrl: string;
  title: string;
  linkUrl?: string;
  sort: number | null;
  window?: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
}

const toDay = (v?: string | null) => {
  const d = dayOf(v);
  return d ? dayjs(d) : null;
};

/** Add or edit a banner: image (with the carousel preview), title, link, order, publish window, enabled. */
export default function BannerFormDialog({ target, onClose, onSaved }: { target: Editing<Omit<PortalBanner, 'state'>>; onClose(): void; onSaved(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const row = target?.row;
  const title = Form.useWatch('title', form);

  const values = (): Partial<Values> =>
    row
      ? {
          imageUrl: row.imageUrl,
          title: row.title,
          linkUrl: row.linkUrl,
          sort: row.sort,
          window: row.publishFrom || row.publishTo ? [toDay(row.publishFrom), toDay(row.publishTo)] : null,
          enabled: row.enabled === 1,
        }
      : { imageUrl: '', title: '', linkUrl: '', sort: 1, window: null, enabled: true };

  const save = (v: Values) => {
    const [from, to] = v.window ?? [];
    const body = {
      imageUrl: v.imageUrl,
      title: v.title.trim(),
      linkUrl: (v.linkUrl ?? '').trim(),
      sort: v.sort ?? 1,
      publishFrom: from ? from.format('YYYY-MM-DD') : '',
      publishTo: to ? to.format('YYYY-MM-DD') : '',
      enabled: (v.enabled ? 1 : 0) as 0 | 1,
    };
    return row ? editBanner({ ...body, id: row.id }) : addBanner(body);
  };

  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'gm.banner.edit' : 'gm.banner.add')}
      values={values}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={760}
      okTestId="banner-form-ok"
      testId="banner-form"
    >
      <Form.Item name="imageUrl" label={t('gm.banner.image')} rules={[{ required: true, message: t('gm.banner.imageRequired') }]}>
        <BannerImageField title={title} />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('gm.banner.title')}
        rules={[
          { required: true, whitespace: true, message: t('gm.banner.titleRequired') },
          { max: BANNER_TITLE_MAX, message: t('sysConfig.tooLong', { n: BANNER_TITLE_MAX }) },
        ]}
      >
        <Input maxLength={BANNER_TITLE_MAX} showCount data-testid="banner-form-title" />
      </Form.Item>
      <Form.Item
        name="linkUrl"
        label={t('gm.banner.link')}
        extra={t('gm.banner.linkHint')}
        rules={[
          {
            validator: (_, v?: string) => (!v?.trim() || isLinkUrl(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('sysConfig.badUrl')))),
          },
        ]}
      >
        <Input placeholder="https://… /gatewaySearch" allowClear data-testid="banner-form-link" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item
            name="window"
            label={t('gm.banner.window')}
            extra={t('gm.banner.windowHint')}
            rules={[
              {
                validator: (_, v: Values['window']) =>
                  windowOrdered(v?.[0]?.format('YYYY-MM-DD'), v?.[1]?.format('YYYY-MM-DD'))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('gm.banner.badWindow'))),
              },
            ]}
          >
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[t('gm.banner.open'), t('gm.banner.open')]}
              style={{ width: '100%' }}
              data-testid="banner-form-window"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={5}>
          <Form.Item name="sort" label={t('gm.banner.sort')}>
            <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} data-testid="banner-form-sort" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={5}>
          <Form.Item name="enabled" label={t('gm.banner.enabled')} valuePropName="checked">
            <Switch data-testid="banner-form-enabled" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
