import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DomainEvents } from './domain-events.js';

/** The in-process domain event bus (infra, global like the database and realtime). */
@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: false, maxListeners: 20 })],
  providers: [DomainEvents],
  exports: [DomainEvents],
})
export class DomainEventsModule {}
