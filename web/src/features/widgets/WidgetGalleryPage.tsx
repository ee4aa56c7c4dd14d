import { useState, type ReactNode } from 'react';
import { Card, Col, DatePicker, Row, Slider, Space, Switch, TimePicker, Transfer, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { toast } from '../../api/client';
import PrivilegeButtons, { type Privilege } from '../../components/PrivilegeButtons';
import SearchCascader from '../../components/form/SearchCascader';
import UploadField from '../../components/form/UploadField';
import Rating from '../../components/form/Rating';
import FileUpload, { type FileItem } from '../../components/upload/FileUpload';
import { dateFormat, fromPicker, switchChecked, switchValue, type UploadedFile } from '../../components/form/fields';
import { HELP_URL } from '../../app/config';
import { useI18n, type MessageKey } from '../../i18n';
import ContextMenuDemo from './ContextMenuDemo';
import DescribedFormDemo, { readLocally } from './DescribedFormDemo';
import PagerDemo from './PagerDemo';
import PickerDemo from '../picker/PickerDemo';
import ValueLine from './ValueLine';
import { MATERIAL_TYPES, REGIONS } from './demoData';

function Section({ titleKey, children, testId }: { titleKey: MessageKey; children: ReactNode; testId: string }) {
  const { t } = useI18n();
  return (
    <Card title={t(titleKey)} variant="borderless" size="small" data-testid={testId} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

/** /test: the widgets of spec section 2, each working and showing its current value. */
export default function WidgetGalleryPage() {
  const { t } = useI18n();
  const [rating, setRating] = useState(3);
  const [slider, setSlider] = useState(30);
  const [switchOn, setSwitchOn] = useState<0 | 1>(0);
  const [targetKeys, setTargetKeys] = useState<string[]>(['1', '4']);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [sent, setSent] = useState<FileItem[]>([]);
  const [banners, setBanners] = useState<FileItem[]>([]);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [region, setRegion] = useState<(string | number)[]>();
  const [searched, setSearched] = useState<{ keyword: string; matches: number; count: number }>();
  const [events, setEvents] = useState(0);

  const privileges: Privilege[] = [
    { privilegeName: t('widgets.priv.route'), privilegeType: 0, privilegeUrl: '/welcome', privilegeIcon: 'home' },
    { privilegeName: t('widgets.priv.external'), privilegeType: 1, privilegeUrl: HELP_URL, privilegeIcon: 'link' },
    { privilegeName: t('widgets.priv.event'), privilegeType: 2, privilegeIcon: 'notification', privilegeColor: '#722ed1' },
    // held by nobody: not shown
    { privilegeName: 'hidden', privilegeType: 2, privilegeUname: 'no_such_function_code' },
  ];

  const col = { xs: 24, md: 12, xl: 8 };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="widget-gallery">
      <Card variant="borderless" size="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('widgets.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('widgets.intro')}</Typography.Text>
      </Card>
      <Row gutter={[16, 16]}>
        <Col {...col}>
          <Section titleKey="widgets.rating" testId="w-rating">
            <Rating value={rating} onChange={setRating} testId="rating" />
            <ValueLine value={rating} testId="rating-value" />
          </Section>
        </Col>
        <Col {...col}>
          <Section titleKey="widgets.slider" testId="w-slider">
            <Slider min={0} max={100} value={slider} onChange={setSlider} data-testid="slider" />
            <ValueLine value={slider} testId="slider-value" />
          </Section>
        </Col>
        <Col {...col}>
          <Section titleKey="widgets.switch" testId="w-switch">
            <Space>
              <Switch checked={switchChecked(switchOn)} onChange={(on) => setSwitchOn(switchValue(on))} data-testid="switch" />
              <Typography.Text>{t(switchOn ? 'widgets.on' : 'widgets.off')}</Typography.Text>
            </Space>
            <ValueLine value={switchOn} testId="switch-value" />
          </Section>
        </Col>
        <Col {...col}>
          <Section titleKey="widgets.dateTime" testId="w-datetime">
            <Space wrap>
              <DatePicker onChange={(d: Dayjs | null) => setDate(fromPicker('date', d) ?? null)} format={dateFormat('date')} data-testid="date" />
              <TimePicker onChange={(d: Dayjs | null) => setTime(fromPicker('time', d) ?? null)} format={dateFormat('time')} data-testid="time" />
            </Space>
            <ValueLine value={{ date, time }} testId="datetime-value" />
          </Section>
        </Col>
        <Col {...col}>
          <Section titleKey="widgets.cascader" testId="w-cascader">
            <SearchCascader
              options={REGIONS}
              value={region}
              onChange={setRegion}
              placeholder={t('widgets.cascaderPlaceholder')}
              testId="cascader"
              onSearched={(keyword, matches) => setSearched((s) => ({ keyword, matches, count: (s?.count ?? 0) + 1 }))}
            />
            <ValueLine value={region} testId="cascader-value" />
            <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="cascader-searched">
              {searched ? t('widgets.cascaderSearched', searched) : t('widgets.cascaderHint')}
            </Typography.Text>
          </Section>
        </Col>
        <Col {...col}>
          <Section titleKey="widgets.upload" testId="w-upload">
            <UploadField value={files} onChange={setFiles} accept="jpg,png,pdf" maxSizeMB={2} maxCount={3} uploader={readLocally} testId="upload" />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
              {t('widgets.uploadHint', { list: 'jpg, png, pdf', n: 2 })}
            </Typography.Text>
            <ValueLine value={files.map((f) => f.name)} testId="upload-value" />
          </Section>
        </Col>
        <Col {...col}>
          <Section titleKey="widgets.serverUpload" testId="w-server-upload">
            <FileUpload value={sent} onChange={setSent} maxCount={5} testId="server-upload" />
            <ValueLine value={sent.map((f) => ({ id: f.id, name: f.name, size: f.size }))} testId="server-upload-value" />
          </Section>
        </Col>
        <Col {...col}>
          <Section titleKey="widgets.bannerUpload" testId="w-banner-upload">
            <FileUpload variant="image" value={banners} onChange={setBanners} maxCount={3} testId="banner-upload" />
            <ValueLine value={banners.map((f) => f.url)} testId="banner-upload-value" />
          </Section>
        </Col>
        <Col xs={24} xl={16}>
          <Section titleKey="widgets.transfer" testId="w-transfer">
            <Transfer
              dataSource={MATERIAL_TYPES}
              targetKeys={targetKeys}
              onChange={(keys) => setTargetKeys(keys.map(String))}
              render={(item) => item.title}
              titles={[t('widgets.transferSource'), t('widgets.transferTarget')]}
              showSearch
              styles={{ section: { width: '100%', height: 260 } }}
              data-testid="transfer"
            />
            <ValueLine value={targetKeys} testId="transfer-value" />
          </Section>
        </Col>
        <Col xs={24} xl={8}>
          <Section titleKey="widgets.privilege" testId="w-privilege">
            <Typography.Paragraph type="secondary">{t('widgets.privHint')}</Typography.Paragraph>
            <PrivilegeButtons
              items={privileges}
              onEvent={(p) => {
                setEvents((n) => n + 1);
                toast('info', t('widgets.priv.fired', { name: p.privilegeName }));
              }}
            />
            <ValueLine value={{ events }} testId="privilege-value" />
          </Section>
        </Col>
        <Col xs={24} xl={10}>
          <Section titleKey="widgets.contextMenu" testId="w-context">
            <ContextMenuDemo />
          </Section>
        </Col>
        <Col xs={24} xl={14}>
          <Section titleKey="widgets.pager" testId="w-pager">
            <PagerDemo />
          </Section>
        </Col>
        <Col span={24}>
          <Section titleKey="picker.demoTitle" testId="w-picker">
            <PickerDemo />
          </Section>
        </Col>
        <Col span={24}>
          <Section titleKey="widgets.describedForm" testId="w-form">
            <DescribedFormDemo />
          </Section>
        </Col>
      </Row>
    </Space>
  );
}
