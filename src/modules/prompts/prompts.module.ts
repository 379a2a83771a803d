import { Module } from '@nestjs/common';
import { PromptsController } from './prompts.controller.js';
import { PromptEvents } from './prompts.events.js';
import { PromptsService } from './prompts.service.js';

@Module({ controllers: [PromptsController], providers: [PromptsService, PromptEvents], exports: [PromptsService] })
export class PromptsModule {}
