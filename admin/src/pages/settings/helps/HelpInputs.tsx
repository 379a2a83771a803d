import { Box } from '@mui/material';
import { TextInput } from 'react-admin';
import { VIDEO_CODE } from '../../helps/video';
import { optionalText, patternRule, textRules } from '../resourceTab/rules';

const videoRules = [...optionalText(200), patternRule(VIDEO_CODE, 'helps.form.invalidVideo')];
const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/** The Ajuda form's fields. */
export function HelpInputs() {
  return (
    <>
      <Box sx={grid}>
        <TextInput source="title" label="helps.form.title" validate={textRules(200)} />
        <TextInput source="video" label="helps.form.video" validate={videoRules} helperText="helps.form.videoHelp" />
      </Box>
      <TextInput source="description" label="helps.form.description" validate={optionalText(5000)} multiline minRows={3} />
    </>
  );
}
