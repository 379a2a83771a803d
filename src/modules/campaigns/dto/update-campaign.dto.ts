import { CampaignFieldsDto } from './campaign-fields.dto.js';

/** Only the fields sent change; a cancelled campaign accepts only its messages (campaigns §4). */
export class UpdateCampaignDto extends CampaignFieldsDto {}
