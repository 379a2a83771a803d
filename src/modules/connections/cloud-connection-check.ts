import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { CloudCredentialsRepository } from '../../channels/cloud-api/cloud-credentials.repository.js';
import { CloudProviderFactory } from '../../channels/cloud-api/cloud-provider.factory.js';
import { CLOUD_PROVIDER } from '../../channels/cloud-api/cloud-provider.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { Whatsapp } from './whatsapp.entity.js';

/** What "Testar conexão" shows: the number as Meta knows it under the stored credentials. */
export class CloudConnectionCheckResponse {
  @ApiProperty({ example: '+55 11 4000-0000' })
  displayPhoneNumber!: string;

  @ApiProperty({ example: 'Loja Exemplo', description: "the business name Meta approved for the number ('' when none)" })
  verifiedName!: string;

  @ApiProperty({ example: 'GREEN', description: 'GREEN, YELLOW, RED or UNKNOWN' })
  qualityRating!: string;

  @ApiPropertyOptional({ example: 'VERIFIED', nullable: true, type: String })
  codeVerificationStatus!: string | null;
}

/**
 * "Testar conexão" of a Cloud API connection: reads its phone number from the Graph API with the stored (sealed)
 * credentials. A refusal is the mapped catalogued ERR_CLOUD_* code, its message already stripped of the secrets.
 */
@Injectable()
export class CloudConnectionCheck {
  constructor(
    private readonly em: EntityManager,
    private readonly credentials: CloudCredentialsRepository,
    private readonly provider: CloudProviderFactory,
  ) {}

  async check(ctx: AuthContext, id: number): Promise<CloudConnectionCheckResponse> {
    // The tenant filter hides another company's connection: 404 as for any other id.
    const whatsapp = await this.em.findOne(Whatsapp, id);
    if (!whatsapp) throw notFound('ERR_NO_WAPP_FOUND');
    if (whatsapp.provider !== CLOUD_PROVIDER) throw appError('ERR_CLOUD_NOT_CLOUD_CONNECTION', `Connection ${id} uses provider ${whatsapp.provider}`);
    const phone = await this.provider.client.phoneNumber(await this.credentials.credentials(ctx.companyId, id));
    return {
      displayPhoneNumber: phone.displayPhoneNumber,
      verifiedName: phone.verifiedName,
      qualityRating: phone.qualityRating,
      codeVerificationStatus: phone.codeVerificationStatus,
    };
  }
}
