import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { api, ApiError } from '../../providers/httpClient';
import { repliesOf } from './testReplies';
import type { IntegrationFormValues } from './types';

type Outcome = { replies: string[] } | { error: string } | null;

/** 'Testar Bot': opens a Dialogflow session with the form's project, credentials and language, and shows the replies. */
export function DialogflowTest() {
  const translate = useTranslate();
  const { getValues } = useFormContext<IntegrationFormValues>();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const test = async () => {
    const { projectName, jsonContent, language } = getValues();
    setTesting(true);
    setOutcome(null);
    try {
      const answer = await api.post<unknown>('/queueIntegration/testSession', { projectName, jsonContent, language });
      setOutcome({ replies: repliesOf(answer) });
    } catch (error) {
      setOutcome({ error: error instanceof ApiError ? translate(error.message, { _: error.message }) : translate('errors.generic') });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      <Box>
        <Button
          variant="outlined"
          startIcon={testing ? <CircularProgress size={18} color="inherit" /> : <ScienceOutlined />}
          disabled={testing}
          onClick={() => void test()}
        >
          {translate('queueIntegrations.form.test')}
        </Button>
      </Box>
      {outcome && 'error' in outcome && (
        <Alert severity="error" role="status">
          {translate('queueIntegrations.test.failed', { error: outcome.error })}
        </Alert>
      )}
      {outcome && 'replies' in outcome && (
        <Alert severity="success" role="status">
          {outcome.replies.length ? (
            <>
              {translate('queueIntegrations.test.replies')}
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {outcome.replies.map((reply, index) => (
                  <li key={index}>{reply}</li>
                ))}
              </Box>
            </>
          ) : (
            translate('queueIntegrations.test.noReplies')
          )}
        </Alert>
      )}
    </Box>
  );
}
