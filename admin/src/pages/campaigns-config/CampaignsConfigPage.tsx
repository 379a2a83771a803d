import { Box, Button, CircularProgress, Divider, Paper, Typography } from '@mui/material';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { CampaignSettings, CampaignVariable } from '../../../../src/shared/campaigns';
import type { CampaignSettingsEventPayload } from '../../../../src/shared/realtime-events';
import { PageHeader } from '../../components/PageHeader';
import { validationErrors } from '../../components/formErrors';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { AddVariableDialog } from './AddVariableDialog';
import { AntiBanFields } from './AntiBanFields';
import { IntervalFields } from './IntervalFields';
import { OptOutFields } from './OptOutFields';
import { draftProblems, type SettingsDraft, toDraft, toPayload } from './settingsForm';
import { SuppressionList } from './SuppressionList';
import { VariablesSection } from './VariablesSection';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** A refused field of the API (`variables.0.key` is the variables table's) → the page's wording. */
const serverProblems = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.keys(fields).map((field) => [field.split('.')[0]!, 'campaignsConfig.invalidValue']));

/**
 * /campaigns-config: the sending intervals, the variables (with the add shortcut, saved at once) and the anti-ban
 * limits; Save sends the whole page and answers 'Configurações salvas'. A change made elsewhere shows here live
 * unless this page has unsaved edits.
 */
export function CampaignsConfigPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const methods = useAppDataProvider();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = useRef(false);

  const show = useCallback((settings: CampaignSettings) => {
    dirty.current = false;
    setDraft(toDraft(settings));
    setErrors({});
  }, []);

  useEffect(() => {
    methods.getCampaignSettings().then(show, notifyError);
  }, [methods, show, notifyError]);

  useCompanyTopic<CampaignSettingsEventPayload>('campaignSettings', (payload) => {
    if (!dirty.current) show(payload.settings);
  });

  const change = (next: Partial<SettingsDraft>) => {
    dirty.current = true;
    setDraft((current) => (current ? { ...current, ...next } : current));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in next))));
  };

  const addVariable = async (variable: CampaignVariable) => {
    if (draft?.variables.some((v) => v.key === variable.key)) {
      notify('campaignsConfig.variables.exists', { type: 'info', messageArgs: { key: variable.key } });
      return;
    }
    try {
      const answer = await methods.addCampaignVariable(variable);
      const stored = answer.variables.find((v) => v.key === variable.key);
      // The shortcut writes at once: the table takes the stored list, the page's other edits stay.
      setDraft((current) => (current ? { ...current, variables: answer.variables } : toDraft(answer)));
      setAdding(false);
      if (stored?.value === variable.value) notify('campaignsConfig.variables.added', { type: 'success', messageArgs: { key: variable.key } });
      else notify('campaignsConfig.variables.exists', { type: 'info', messageArgs: { key: variable.key } });
    } catch (error) {
      notifyError(error);
    }
  };

  const save = async () => {
    if (!draft) return;
    const problems = draftProblems(draft);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      show(await methods.saveCampaignSettings(toPayload(draft)));
      notify('campaignsConfig.saved', { type: 'success' });
    } catch (error) {
      const fields = validationErrors(error);
      if (fields) setErrors(serverProblems(fields));
      else notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ pb: 3 }}>
      <PageHeader title="campaignsConfig.title" />
      {!draft ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('campaignsConfig.loading')} />
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
          <Section id="campaign-intervals" title="campaignsConfig.intervals.title">
            <IntervalFields draft={draft} errors={errors} onChange={change} />
          </Section>
          <Divider />
          <Section id="campaign-variables" title="campaignsConfig.variables.title">
            <VariablesSection
              variables={draft.variables}
              error={errors.variables}
              onOpenAdd={() => setAdding(true)}
              onRemove={(key) => change({ variables: draft.variables.filter((v) => v.key !== key) })}
            />
          </Section>
          <Divider />
          <Section id="campaign-anti-ban" title="campaignsConfig.antiBan.title">
            <AntiBanFields draft={draft} errors={errors} onChange={change} />
          </Section>
          <Divider />
          <Section id="campaign-opt-out" title="campaignTools.settings.title">
            <OptOutFields draft={draft} errors={errors} onChange={change} />
          </Section>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => void save()} disabled={saving} startIcon={saving ? <CircularProgress size={18} /> : undefined}>
              {translate('campaignsConfig.save')}
            </Button>
          </Box>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
        <Section id="campaign-suppressions" title="campaignTools.suppression.title">
          <SuppressionList />
        </Section>
      </Paper>
      {adding && <AddVariableDialog onClose={() => setAdding(false)} onAdd={addVariable} />}
    </Box>
  );
}
