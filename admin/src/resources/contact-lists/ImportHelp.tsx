import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';

/** A workbook with the header the import reads and one example row, built in the browser (the library loads on demand). */
async function downloadTemplate(exampleName: string, sheetName: string): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['nome', 'numero', 'email'],
    [exampleName, '5511999990000', 'maria@exemplo.com'],
  ]);
  sheet['!cols'] = [{ wch: 24 }, { wch: 18 }, { wch: 28 }];
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  XLSX.writeFile(book, 'modelo-lista-de-contatos.xlsx');
}

/** Says which columns an import reads, that numbers get the country code, and offers a template to fill. */
export function ImportHelp() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, alignItems: 'center' }}
      data-import-help
      action={
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void downloadTemplate(translate('campaignTools.imports.exampleName'), translate('campaignTools.imports.sheetName')).catch(notifyError)}
        >
          {translate('campaignTools.imports.template')}
        </Button>
      }
    >
      {translate('campaignTools.imports.columns')}
    </Alert>
  );
}
