import simpleRestProvider from 'ra-data-simple-rest';
import { API_URL, httpClient } from './httpClient';

export const dataProvider = simpleRestProvider(API_URL, httpClient);
