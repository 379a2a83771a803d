// Preloaded into the server by the tickets bench when BENCH_CPU_PROF=dir is set (`node --import`): SIGWINCH starts the
// V8 CPU profiler, the next SIGWINCH stops it and writes `dir/<label>.cpuprofile`, the label being what the bench wrote
// to `dir/label` meanwhile. One profile per measured shape, without the server's start-up in it. SIGWINCH because
// Nest's shutdown hooks stop the app on SIGUSR2, and its default action is to do nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const dir = process.env.BENCH_CPU_PROF;
const session = new Session();
session.connect();
let running = false;

process.on('SIGWINCH', async () => {
  if (!running) {
    running = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await session.post('Profiler.stop');
  const label = readFileSync(`${dir}/label`, 'utf8').trim();
  writeFileSync(`${dir}/${label}.cpuprofile`, JSON.stringify(profile));
  writeFileSync(`${dir}/label.done`, label);
});
