import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import type { ScheduleType, Setting, SettingEvent } from './types';

export interface Settings {
  /** key → value; undefined until the first load. */
  values: Record<string, string> | undefined;
  scheduleType: ScheduleType;
  /** GET /settings again. */
  reload(): void;
  /** PUT /settings/{key} at once, with the 'Atualizando...' and success toasts; answers whether it was saved. */
  save(key: string, value: string): Promise<boolean>;
}

/** How long 'Atualizando...' stays before the outcome's toast. */
const UPDATING_TOAST_MS = 800;

const toValues = (list: Setting[]) => Object.fromEntries((Array.isArray(list) ? list : []).map(({ key, value }) => [key, value]));

/** The company's settings (GET /settings), kept live from `company-{id}-settings`. */
export function useSettings(): Settings {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [values, setValues] = useState<Record<string, string>>();
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger
  useEffect(() => {
    let current = true;
    dataProvider
      .getSettings()
      .then((list) => current && setValues(toValues(list)))
      .catch((error) => current && notifyError(error));
    return () => {
      current = false;
    };
  }, [generation, dataProvider, notifyError]);

  useCompanyTopic<SettingEvent>('settings', (payload) => {
    const { setting } = payload;
    if (payload.action !== 'update' || !setting) return;
    setValues((previous) => ({ ...previous, [setting.key]: setting.value }));
  });

  const reload = useCallback(() => setGeneration((previous) => previous + 1), []);

  const save = useCallback(
    async (key: string, value: string) => {
      const before = values?.[key];
      // The choice shows at once (e.g. the Horários tab); a refused save puts the old value back.
      setValues((previous) => ({ ...previous, [key]: value }));
      // Short-lived: toasts show one at a time, and the outcome follows it.
      notify('settings.updating', { type: 'info', autoHideDuration: UPDATING_TOAST_MS });
      try {
        const saved = await dataProvider.saveSetting(key, value);
        setValues((previous) => ({ ...previous, [key]: saved?.value ?? value }));
        notify('settings.updated', { type: 'success' });
        return true;
      } catch (error) {
        setValues((previous) => ({ ...previous, [key]: before ?? '' }));
        notifyError(error);
        return false;
      }
    },
    [values, dataProvider, notify, notifyError],
  );

  const type = values?.scheduleType;
  const scheduleType: ScheduleType = type === 'queue' || type === 'company' ? type : 'disabled';
  return { values, scheduleType, reload, save };
}
