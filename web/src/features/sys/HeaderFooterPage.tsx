import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Col, Form, Input, Row, Space, Typography } from 'antd';
import { ArrowUpOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, UndoOutlined, UserOutlined } from '@ant-design/icons';
import { saveLayout, type PortalLayout, type PortalLink } from '../../api/sysconfig';
import { usePortalLayoutForEdit } from '../../api/hooks/sysconfig';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { PortalBrand, PortalFooter, PortalHeaderLinks } from '../../components/portal/PortalChrome';
import { useI18n } from '../../i18n';
import { isLinkUrl, isSitePath } from '../../lib/linkUrl';
import { setPortalLayout } from '../../lib/siteConfig';

/** Server limits (internal/sysconfig). */
const LIMITS = { title: 50, copyright: 200, linkTitle: 30, headerLinks: 10, footerLinks: 20 } as const;

type Values = PortalLayout;

const emptyLayout: Values = { title: '', logoUrl: '', headerLinks: [], footerLinks: [], copyright: '' };

/** Only complete links reach the preview and the server. */
const complete = (links: Partial<PortalLink>[] | undefined): PortalLink[] =>
  (links ?? [])
    .filter((l): l is PortalLink => !!l?.title?.trim() && !!l?.url?.trim())
    .map((l) => ({ title: l.title.trim(), url: l.url.trim(), newTab: !!l.newTab }));

/** An editable list of links (title, address, new tab), at most max. */
function LinkListField({ name, max, testId }: { name: 'headerLinks' | 'footerLinks'; max: number; testId: string }) {
  const { t } = useI18n();
  return (
    <Form.List name={name}>
      {(rows, { add, remove, move }) => (
        <>
          {rows.map((row, i) => (
            <Row key={row.key} gutter={8} align="top" wrap={false} data-testid={`${testId}-row-${i}`}>
              <Col flex="160px">
                <Form.Item
                  name={[row.name, 'title']}
                  rules={[
                    { required: true, whitespace: true, message: t('layout.linkTitleRequired') },
                    { max: LIMITS.linkTitle, message: t('sysConfig.tooLong', { n: LIMITS.linkTitle }) },
                  ]}
                >
                  <Input placeholder={t('layout.linkTitle')} maxLength={LIMITS.linkTitle} data-testid={`${testId}-title-${i}`} />
                </Form.Item>
              </Col>
              <Col flex="auto">
                <Form.Item
                  name={[row.name, 'url']}
                  rules={[
                    { required: true, whitespace: true, message: t('layout.linkUrlRequired') },
                    { validator: (_, v?: string) => (!v?.trim() || isLinkUrl(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('sysConfig.badUrl')))) },
                  ]}
                >
                  <Input placeholder={t('layout.linkUrl')} data-testid={`${testId}-url-${i}`} />
                </Form.Item>
              </Col>
              <Col flex="none">
                <Form.Item name={[row.name, 'newTab']} valuePropName="checked">
                  <Checkbox>{t('layout.newTab')}</Checkbox>
                </Form.Item>
              </Col>
              <Col flex="none">
                <Space size={0}>
                  <Button type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('layout.moveUp')} />
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('layout.removeLink')} data-testid={`${testId}-remove-${i}`} />
                </Space>
              </Col>
            </Row>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} disabled={rows.length >= max} onClick={() => add({ title: '', url: '', newTab: false })} data-testid={`${testId}-add`}>
            {t('layout.addLink', { n: max })}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The portal's header and footer as the portal shell will show them (links inert here). */
function LayoutPreview({ layout }: { layout: PortalLayout }) {
  const { t } = useI18n();
  return (
    <div className="bd-layout-preview" data-testid="layout-preview" aria-hidden="true">
      <header className="bd-header">
        <div className="bd-header-left">
          <PortalBrand layout={layout} />
          <Space size={24} className="bd-layout-preview-nav">
            <span>{t('nav.gateway')}</span>
            <span>{t('nav.gatewaySearch')}</span>
            <span>{t('nav.gatewayMsg')}</span>
          </Space>
          <PortalHeaderLinks links={layout.headerLinks} />
        </div>
        <Space className="bd-header-right">
          <UserOutlined />
        </Space>
      </header>
      <div className="bd-layout-preview-body">{t('layout.previewBody')}</div>
      <PortalFooter layout={layout} />
    </div>
  );
}

/** /headerAndfooter_manager: the portal's logo, title, header and footer links and copyright, with a live preview. */
export default function HeaderFooterPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  // the stored layout into the form, whenever the server answers anew
  const stored = usePortalLayoutForEdit().data;
  useEffect(() => {
    if (!stored) return;
    setLoaded(stored);
    form.setFieldsValue(stored);
  }, [stored, form]);

  const { submit, saving } = useFormSubmit<Values>(
    form,
    async (v) => {
      const saved = await saveLayout({
        title: v.title.trim(),
        logoUrl: (v.logoUrl ?? '').trim(),
        headerLinks: complete(v.headerLinks),
        footerLinks: complete(v.footerLinks),
        copyright: (v.copyright ?? '').trim(),
      });
      setLoaded(saved);
      form.setFieldsValue(saved);
      setPortalLayout(saved);
    },
  );

  const preview: PortalLayout = {
    ...emptyLayout,
    ...watched,
    title: watched?.title?.trim() ?? '',
    headerLinks: complete(watched?.headerLinks),
    footerLinks: complete(watched?.footerLinks),
  };
  const logo = watched?.logoUrl?.trim();

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('layout.preview')} variant="borderless" size="small">
        <LayoutPreview layout={preview} />
      </Card>
      <Card
        title={t('layout.settings')}
        variant="borderless"
        extra={
          <Space>
            <Button icon={<UndoOutlined />} onClick={() => loaded && form.setFieldsValue(loaded)} disabled={!loaded} data-testid="layout-undo">
              {t('layout.undo')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void submit()} data-testid="layout-save">
              {t('layout.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" requiredMark initialValues={emptyLayout} disabled={!loaded}>
          <Row gutter={32}>
            <Col xs={24} xl={10}>
              <Form.Item
                name="title"
                label={t('layout.title')}
                rules={[
                  { required: true, whitespace: true, message: t('layout.titleRequired') },
                  { max: LIMITS.title, message: t('sysConfig.tooLong', { n: LIMITS.title }) },
                ]}
              >
                <Input maxLength={LIMITS.title} showCount data-testid="layout-title" />
              </Form.Item>
              <Form.Item
                name="logoUrl"
                label={t('layout.logo')}
                extra={t('layout.logoHint')}
                rules={[{ validator: (_, v?: string) => (!v?.trim() || isSitePath(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('layout.badLogo')))) }]}
              >
                <Input
                  placeholder="/favicon.svg"
                  data-testid="layout-logo"
                  suffix={<img src={logo && isSitePath(logo) ? logo : '/favicon.svg'} alt="" className="bd-logo-thumb" />}
                />
              </Form.Item>
              <Form.Item name="copyright" label={t('layout.copyright')} rules={[{ max: LIMITS.copyright, message: t('sysConfig.tooLong', { n: LIMITS.copyright }) }]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={LIMITS.copyright} showCount data-testid="layout-copyright" />
              </Form.Item>
            </Col>
            <Col xs={24} xl={14}>
              <Typography.Title level={5}>{t('layout.headerLinks')}</Typography.Title>
              <LinkListField name="headerLinks" max={LIMITS.headerLinks} testId="layout-header-link" />
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                {t('layout.footerLinks')}
              </Typography.Title>
              <LinkListField name="footerLinks" max={LIMITS.footerLinks} testId="layout-footer-link" />
            </Col>
          </Row>
        </Form>
      </Card>
    </Space>
  );
}
