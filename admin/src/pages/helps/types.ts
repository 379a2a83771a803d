import type { HelpResponse } from '../../../../src/shared/api-types';

/** A help entry as GET /helps/list answers it. */
export type Help = HelpResponse;
