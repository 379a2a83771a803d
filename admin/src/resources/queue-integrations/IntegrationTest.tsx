import { useAppDataProvider } from '../../providers/dataProvider';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ApiError, type ApiErrorBody } from '../../providers/httpClient';
import { repliesOf } from './testReplies';
import type { IntegrationFormValues } from './types';

type Outcome = { replies: string[] } | { error: string; detail?: string } | null;

/** The test body: the fields the chosen type needs (POST /queueIntegration/testSession). */
function testBody(values: IntegrationFormValues) {
  const { type, projectName, jsonContent, language, urlN8N, typebotSlug } = values;
  return type === 'dialogflow' ? { type, projectName, jsonContent, language } : { type, urlN8N, typebotSlug: type === 'typebot' ? typebotSlug : undefined };
}

/** 'Testar Bot': tries the form's configuration against the service before it is saved, and shows the replies. */
export function IntegrationTest() {
  const translate = useTranslate();
  const { testQueueIntegration } = useAppDataProvider();
  const { getValues } = useFormContext<IntegrationFormValues>();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The answer shows below the button, often under the dialog's fold.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [outcome]);

  const test = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      const { data: answer } = await testQueueIntegration(testBody(getValues()));
      setOutcome({ replies: repliesOf(answer) });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setOutcome({ error: translate('errors.generic') });
        return;
      }
      const body = error.body as (ApiErrorBody & { reason?: string }) | undefined;
      // The server's technical text stays in its log: the user reads what kind of failure it was, in their language.
      const detail = body?.fields?.length
        ? translate('integrationFailures.fields', { fields: body.fields.map((field) => field.field).join(', ') })
        : body?.reason
          ? translate(`integrationFailures.${body.reason}`, { _: translate('integrationFailures.other') })
          : undefined;
      setOutcome({ error: translate(error.message, { _: translate('errors.generic') }), detail });
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
      <Box ref={outcomeRef} sx={{ scrollMarginBottom: 16 }}>
        {outcome && 'error' in outcome && (
          <Alert severity="error" role="status">
            {translate('queueIntegrations.test.failed', { error: outcome.error })}
            {outcome.detail && (
              <Typography variant="body2" component="div" sx={{ mt: 0.5 }} data-failure-detail>
                {outcome.detail}
              </Typography>
            )}
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
    </Box>
  );
}
