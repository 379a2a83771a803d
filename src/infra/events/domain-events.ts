import { Injectable } from '@nestjs/common';
import { EventEmitter2, EventEmitterReadinessWatcher, OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap, DomainEventName } from '../../shared/domain-events.js';

/**
 * Publishes the typed domain events of `src/shared/domain-events.ts`. `publish` resolves once every listener has
 * finished (listeners are async and awaited), so an event raised inside a connection's lane keeps the lane's order,
 * and a listener's failure is logged by the emitter without failing the publisher.
 */
@Injectable()
export class DomainEvents {
  constructor(
    private readonly emitter: EventEmitter2,
    private readonly readiness: EventEmitterReadinessWatcher,
  ) {}

  /** Set once the listeners are subscribed, so the hot path skips the wait afterwards. */
  private ready = false;

  async publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    // Listeners are subscribed at bootstrap; an event raised earlier (a replay at boot) waits for them.
    if (!this.ready) {
      await this.readiness.waitUntilReady();
      this.ready = true;
    }
    await this.emitter.emitAsync(name, payload);
  }
}

/** `@OnEvent` bound to the event map: the handler's parameter must be the event's payload. */
export function OnDomainEvent<K extends DomainEventName>(name: K) {
  const decorate = OnEvent(name);
  return <T extends (payload: DomainEventMap[K]) => Promise<void>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>) => {
    decorate(target, key, descriptor);
  };
}
