import { useMemo } from 'react';
import { addExtOrg, editExtOrg, type ExtOrg, type ExtOrgForm } from '../../api/external';
import AccountSelect, { accountLabel } from '../../components/AccountSelect';
import FormDialog from '../../components/form/FormDialog';
import type { Editing } from '../../components/list/CrudList';
import type { FieldDescriptor, WidgetProps } from '../../components/form/fields';
import { t, useI18n } from '../../i18n';
import { isLandline, isMobile } from '../../lib/validate';

/** Server limits (internal/external). */
export const ORG_NAME_MAX = 100;
export const ORG_CODE_RE = /^[A-Za-z0-9_-]{1,32}$/;
const CONTACT_MAX = 50;
const ADDRESS_MAX = 200;
const REMARK_MAX = 500;

/** The dictionary of organisation kinds (partner, client, ...). */
export const KIND_DICT = 'ext_org_kind';

/** A mobile number or a landline with its area code (010-12345678). */
export const isOrgPhone = (s: string) => isMobile(s) || isLandline(s);

const check = (ok: (v: string) => boolean, message: () => string) => ({
  validator: (_: unknown, v?: string) => (!v || ok(v.trim()) ? Promise.resolve() : Promise.reject(new Error(message()))),
});

/** The staff account in charge, chosen by name or login code; label: the current one's name(code). */
function ownerWidget(label?: string) {
  return function OwnerWidget({ value, onChange, field }: WidgetProps<number | undefined>) {
    return (
      <AccountSelect
        value={value}
        onChange={(v) => onChange?.(v)}
        filters={{ userType: 'staff' }}
        label={label}
        placeholder={t('extOrg.ownerPlaceholder')}
        testId={field.testId}
      />
    );
  };
}

interface Props {
  editing: Editing<ExtOrg>;
  onClose(): void;
  onSaved(): void;
}

/** Add or edit an external organisation; the same rules as the server. */
export default function OrgFormDialog({ editing, onClose, onSaved }: Props) {
  const { lang } = useI18n();
  const org = editing?.row;
  const fields = useMemo<FieldDescriptor[]>(
    () => [
      { name: 'name', label: t('extOrg.name'), type: 'text', required: true, requiredMessage: t('extOrg.nameRequired'), maxLength: ORG_NAME_MAX, testId: 'org-name' },
      { name: 'code', label: t('extOrg.code'), type: 'text', extra: t('extOrg.codeHint'), rules: [check((v) => ORG_CODE_RE.test(v), () => t('extOrg.codeRule'))], testId: 'org-code' },
      { name: 'kind', label: t('extOrg.kind'), type: 'select', dictKey: KIND_DICT, required: true, requiredMessage: t('extOrg.kindRequired'), useDefault: !org, testId: 'org-kind' },
      { name: 'contactPerson', label: t('extOrg.contactPerson'), type: 'text', maxLength: CONTACT_MAX, testId: 'org-contact' },
      { name: 'phone', label: t('extOrg.phone'), type: 'text', rules: [check(isOrgPhone, () => t('extOrg.phoneRule'))], testId: 'org-phone' },
      { name: 'email', label: t('extOrg.email'), type: 'text', check: 'email', testId: 'org-email' },
      { name: 'ownerId', label: t('extOrg.owner'), type: 'text', widget: ownerWidget(org?.ownerLoginCode ? accountLabel({ userName: org.ownerName, loginCode: org.ownerLoginCode }) : undefined), testId: 'org-owner' },
      { name: 'address', label: t('extOrg.address'), type: 'text', maxLength: ADDRESS_MAX, testId: 'org-address' },
      { name: 'remark', label: t('extOrg.remark'), type: 'textarea', maxLength: REMARK_MAX, rows: 3, testId: 'org-remark' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the language
    [org, lang],
  );
  const initialValues = useMemo<Partial<ExtOrgForm>>(
    () =>
      org
        ? { name: org.name, code: org.code, kind: org.kind, contactPerson: org.contactPerson, phone: org.phone, email: org.email, address: org.address, remark: org.remark, ownerId: org.ownerId || undefined }
        : {},
    [org],
  );
  const save = async (v: ExtOrgForm) => {
    const text = (s?: string) => (s ?? '').trim();
    const body: ExtOrgForm = {
      name: text(v.name), code: text(v.code), kind: String(v.kind), contactPerson: text(v.contactPerson), phone: text(v.phone),
      email: text(v.email), address: text(v.address), remark: text(v.remark), ownerId: v.ownerId ?? 0,
    };
    if (org) await editExtOrg({ ...body, id: org.id });
    else await addExtOrg(body);
  };
  return (
    <FormDialog<ExtOrgForm>
      open={!!editing}
      title={t(org ? 'extOrg.editTitle' : 'extOrg.add')}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      onSaved={onSaved}
      width={720}
      columns={2}
      labelWidth={96}
      okTestId="org-submit"
      testId="org-dialog"
    />
  );
}
