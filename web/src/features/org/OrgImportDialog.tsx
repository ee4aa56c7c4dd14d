import { Descriptions } from 'antd';
import { importOrg, importOrgAsync, ORG_DOWNLOADS, type OrgImportReport } from '../../api/orgAdmin';
import ImportDialog, { IMPORT_MAX_MB } from '../../components/ImportDialog';
import { t, useI18n } from '../../i18n';

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** The organisation import: units and employees from one workbook (the shared import dialog). */
export default function OrgImportDialog({ open, onClose, onImported }: Props) {
  useI18n();
  return (
    <ImportDialog<OrgImportReport>
      open={open}
      onClose={onClose}
      onImported={onImported}
      title={t('org.import.title')}
      hint={t('org.import.hint', { mb: IMPORT_MAX_MB })}
      templatePath={ORG_DOWNLOADS.template}
      send={importOrg}
      sendAsync={importOrgAsync}
      testId="org-import"
      summary={(report) => (
        <Descriptions size="small" column={4} bordered>
          <Descriptions.Item label={t('org.import.unitsCreated')}>{report.unitsCreated}</Descriptions.Item>
          <Descriptions.Item label={t('org.import.unitsUpdated')}>{report.unitsUpdated}</Descriptions.Item>
          <Descriptions.Item label={t('org.import.employeesCreated')}>{report.employeesCreated}</Descriptions.Item>
          <Descriptions.Item label={t('org.import.employeesUpdated')}>{report.employeesUpdated}</Descriptions.Item>
        </Descriptions>
      )}
    />
  );
}
