import { Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { CompanyExpiry } from './company-expiry.js';
import { SignupService } from './signup.service.js';

@Module({ controllers: [CompaniesController], providers: [CompaniesService, SignupService, CompanyExpiry] })
export class CompaniesModule {}
