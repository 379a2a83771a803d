import { PasswordReset } from '../../modules/auth/password-reset.entity.js';
import { Company } from '../../modules/companies/company.entity.js';
import { Help } from '../../modules/helps/help.entity.js';
import { Plan } from '../../modules/plans/plan.entity.js';
import { Queue } from '../../modules/queues/queue.entity.js';
import { Setting } from '../../modules/settings/setting.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { BaseEntity } from './base.entity.js';

/** Every entity of the schema; the ORM config, the CLI and the tenant-coverage test read this list. */
export const ENTITIES = [BaseEntity, Plan, Company, User, Setting, Queue, Help, PasswordReset];
