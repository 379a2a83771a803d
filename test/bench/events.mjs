// The cost of one domain event on the hot path: `DomainEvents.publish('message.stored')` with two async listeners
// that return at once (as the bot and the timers do for messages that are not theirs), against calling them directly.
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { OnEvent } from '@nestjs/event-emitter';
import { DomainEvents } from '../../dist/src/infra/events/domain-events.js';
import { DomainEventsModule } from '../../dist/src/infra/events/domain-events.module.js';

const N = Number(process.env.BENCH_EVENTS ?? 200_000);
let calls = 0;

class Listener {
  async onStored(event) {
    if (event.isGroup) return;
    calls += 1;
  }
}
OnEvent('message.stored')(Listener.prototype, 'onStored', Object.getOwnPropertyDescriptor(Listener.prototype, 'onStored'));
Injectable()(Listener);
class OtherListener extends Listener {}
Injectable()(OtherListener);
class BenchModule {}
Module({ imports: [DomainEventsModule], providers: [Listener, OtherListener] })(BenchModule);

const app = await NestFactory.createApplicationContext(BenchModule, { logger: false });
await app.init();
const events = app.get(DomainEvents);
const direct = [app.get(Listener), app.get(OtherListener)];
const payload = {
  companyId: 1,
  connectionId: 1,
  origin: 'customer',
  isGroup: false,
  ticket: { id: 1, status: 'pending', userId: null, ratingPending: false },
  ticketCreated: false,
  message: { id: 1, providerId: 'x', body: 'oi', remoteJid: 'x@s.whatsapp.net', mediaType: 'chat', mediaPath: null, createdAt: new Date().toISOString() },
};

async function measure(label, run) {
  for (let i = 0; i < 10_000; i += 1) await run(); // warm up
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i += 1) await run();
  const ns = Number(process.hrtime.bigint() - start) / N;
  console.log(`${label}: ${(ns / 1000).toFixed(2)} µs per message (${N} messages)`);
}

await measure('direct calls to the two listeners', () => Promise.all(direct.map((l) => l.onStored(payload))));
await measure('DomainEvents.publish (two @OnEvent listeners)', () => events.publish('message.stored', payload));
// Both listeners ran for every message, in both runs (and their warm-ups).
console.log(`listener calls: ${calls} (expected ${4 * (N + 10_000)})`);
await app.close();
