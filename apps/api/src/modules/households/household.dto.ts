import { ApiProperty } from '@nestjs/swagger';
import { ConstituentResponseDto } from '../constituents';

export class HouseholdResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: [ConstituentResponseDto], description: 'Oldest member first' })
  members: ConstituentResponseDto[];
}
