import { useTranslate } from 'react-admin';

/** The charts' overlay texts from our catalogs (x-charts ships no Spanish pack). */
export function useChartLocaleText() {
  const translate = useTranslate();
  return { noData: translate('dashboard.charts.noData'), loading: translate('dashboard.charts.loading') };
}
