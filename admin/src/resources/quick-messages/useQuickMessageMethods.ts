import { useMemo } from 'react';
import { httpClient } from '../../providers/httpClient';
import { type QuickMessageMethods, quickMessageMethods } from '../../providers/quickMessageMethods';

/**
 * TEMPORARY, until dataProvider.ts spreads `quickMessageMethods(httpClient)`: then this hook is
 * `useDataProvider<DataProvider & QuickMessageMethods>()` and its callers stay as they are.
 */
export function useQuickMessageMethods(): QuickMessageMethods {
  return useMemo(() => quickMessageMethods(httpClient), []);
}
