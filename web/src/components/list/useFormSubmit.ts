import { useState } from 'react';
import type { FormInstance } from 'antd';
import { toast } from '../../api/client';
import { t } from '../../i18n';

/**
 * The submit of every form dialog: validate ('Please complete the form as prompted before submitting' when
 * that fails), save with a loading state, 'Operation successful', then done() if given. A failed save keeps the
 * dialog open: the HTTP client has already shown the server's message.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<unknown>, done?: () => void) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      toast('warning', t('msg.formIncomplete'));
      return;
    }
    setSaving(true);
    try {
      await save(values);
      toast('success', t('msg.operationSuccessful'));
      done?.();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving };
}
