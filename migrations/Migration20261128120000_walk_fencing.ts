import { Migration } from '@mikro-orm/migrations';

/**
 * Campaign walks and list imports survive any number of crashes and Redis losses, with one runner at a time.
 *
 * Campaigns: `walker_epoch` is the fencing token of the walk (a walker takes it by incrementing it; every claim and
 * every send checks it), `walk_generation` names the campaign's current BullMQ job (`campaign-{id}.{generation}`: a
 * re-arm after a failed or stuck job gets a fresh id), `walk_rearms` counts re-arms without progress (the campaign is
 * paused with WALK_STUCK past a limit). Imports: `generation` names the current job and fences its writes,
 * `heartbeat_at` is the runner's sign of life, `restarts` counts resumptions (failed with ERR_IMPORT_INTERRUPTED past a
 * limit). The partial index serves the reconciler's look at every company's running campaigns.
 */
export class Migration20261128120000_walk_fencing extends Migration {
  override name = 'Migration20261128120000_walk_fencing';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "campaigns" add column "walker_epoch" int not null default 0, add column "walk_generation" int not null default 0, add column "walk_rearms" smallint not null default 0;`,
    );
    this.addSql(`create index "campaigns_walking_index" on "campaigns" ("company_id", "id") where "status" in ('PROGRAMADA', 'EM_ANDAMENTO');`);
    this.addSql(
      `alter table "contact_list_imports" add column "generation" int not null default 0, add column "heartbeat_at" timestamptz null, add column "restarts" smallint not null default 0;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "campaigns_walking_index";`);
    this.addSql(`alter table "campaigns" drop column if exists "walker_epoch", drop column if exists "walk_generation", drop column if exists "walk_rearms";`);
    this.addSql(
      `alter table "contact_list_imports" drop column if exists "generation", drop column if exists "heartbeat_at", drop column if exists "restarts";`,
    );
  }
}
