import { Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompaniesService } from './companies.service.js';
import { CompanyActivity } from './company-activity.js';
import { CompanyExpiry } from './company-expiry.js';
import { SignupService } from './signup.service.js';

/** Exports CompanyActivity to the modules that send on their own (schedules, automation). */
@Module({
  controllers: [CompaniesController],
  providers: [CompaniesService, SignupService, CompanyExpiry, CompaniesRepository, CompanyActivity],
  exports: [CompanyActivity],
})
export class CompaniesModule {}
