import type { TranslationMessages } from 'react-admin';

export type RaCatalog = TranslationMessages['ra'];
