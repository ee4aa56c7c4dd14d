import { useState } from 'react';
import { Button, Col, Form, Row, Space, Typography } from 'antd';
import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import {
  EmployeePickerInput,
  OrgPickerDialog,
  OrgPickerInput,
  joinUnitCodes,
  joinUnitNames,
  joinUserCodes,
  joinUserNames,
  type Selection,
} from '../../components/picker';
import { useI18n } from '../../i18n';

/** A value as JSON ('—' when there is none). */
function Value({ value, testId, block }: { value: unknown; testId: string; block?: boolean }) {
  const text = value === undefined ? '—' : JSON.stringify(value, null, block ? 2 : undefined);
  return block ? (
    <pre data-testid={testId} style={{ margin: '12px 0 0', padding: 12, background: 'var(--bd-color-fill-alter)', borderRadius: 6, fontSize: 12 }}>
      {text}
    </pre>
  ) : (
    <Typography.Text code data-testid={testId} style={{ display: 'inline-block', marginTop: 8 }}>
      {text}
    </Typography.Text>
  );
}

/** The picker where a person can try it: the dialog in both modes, and the form controls, each showing its value. */
export default function PickerDemo() {
  const { t } = useI18n();
  const [mode, setMode] = useState<'multiple' | 'single'>();
  const [result, setResult] = useState<Selection>();
  const [cleared, setCleared] = useState(0);
  const [units, setUnits] = useState<string>();
  const [people, setPeople] = useState<string>();

  const shown = result && {
    organ: joinUnitCodes(result.organ),
    organNames: joinUnitNames(result.organ),
    employee: joinUserCodes(result.employee),
    employeeNames: joinUserNames(result.employee),
  };
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={12}>
        <Space wrap>
          <Button type="primary" icon={<TeamOutlined />} onClick={() => setMode('multiple')} data-testid="picker-demo-multiple">
            {t('picker.demoMultiple')}
          </Button>
          <Button icon={<ApartmentOutlined />} onClick={() => setMode('single')} data-testid="picker-demo-single">
            {t('picker.demoSingle')}
          </Button>
        </Space>
        <Value value={shown && { ...shown, cleared }} block testId="picker-demo-result" />
        <OrgPickerDialog
          open={!!mode}
          multiple={mode === 'multiple'}
          showEmployee
          value={result}
          onOk={setResult}
          onClear={() => setCleared((n) => n + 1)}
          onClose={() => setMode(undefined)}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Form layout="vertical">
          <Form.Item label={t('picker.demoUnits')}>
            <OrgPickerInput multiple value={units} onChange={setUnits} testId="picker-demo-units" />
            <Value value={units} testId="picker-demo-units-value" />
          </Form.Item>
          <Form.Item label={t('picker.demoPeople')}>
            <EmployeePickerInput multiple value={people} onChange={setPeople} testId="picker-demo-people" />
            <Value value={people} testId="picker-demo-people-value" />
          </Form.Item>
        </Form>
      </Col>
    </Row>
  );
}
