import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateBy } from 'class-validator';
import { isReactionText, MAX_REACTION_LENGTH } from '../../../shared/emoji.js';

/** Our reaction to a message of the conversation: one emoji, or '' to take ours back. */
export class ReactMessageDto {
  @ApiProperty({ example: '👍', maxLength: MAX_REACTION_LENGTH, description: "one emoji; '' removes our reaction" })
  @IsString()
  @MaxLength(MAX_REACTION_LENGTH)
  @ValidateBy({
    name: 'isReactionText',
    validator: {
      validate: (value) => typeof value === 'string' && isReactionText(value),
      defaultMessage: () => 'emoji must be one emoji, or empty to remove the reaction',
    },
  })
  emoji!: string;
}
