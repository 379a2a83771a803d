import { Global, Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompaniesService } from './companies.service.js';
import { CompanyExpiry } from './company-expiry.js';
import { SignupService } from './signup.service.js';

/** Global: the modules that send on their own (schedules, automation) provide CompanyActivity, which reads through this repository. */
@Global()
@Module({
  controllers: [CompaniesController],
  providers: [CompaniesService, SignupService, CompanyExpiry, CompaniesRepository],
  exports: [CompaniesRepository],
})
export class CompaniesModule {}
