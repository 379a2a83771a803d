import { mergeConfig } from 'vite';
import base from './vite.config';
// @ts-ignore
import { analyze } from '/tmp/load/analyze.mjs';
export default mergeConfig(base, { plugins: [analyze('/tmp/load/chunks.json')], build: { outDir: '/tmp/load/dist', emptyOutDir: true } });
